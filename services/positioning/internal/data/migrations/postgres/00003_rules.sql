-- Positioning rules (定位规则): the engine thresholds per tenant, versioned (kit/ruletable).

-- +goose Up
CREATE TABLE "positioning_rule" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"code" varchar(64) NOT NULL,"value" integer NOT NULL,"source" varchar(200) NOT NULL DEFAULT '',"version" integer NOT NULL,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_positioning_rule_tenant_id" ON "positioning_rule" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_positioning_rule_is_deleted" ON "positioning_rule" ("is_deleted");
CREATE INDEX idx_pos_rule_code ON positioning_rule (tenant_id, code, version);
