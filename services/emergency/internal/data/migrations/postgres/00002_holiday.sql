-- emergency 2: the tenant's working-day calendar (holidays and working weekend days).

-- +goose Up
CREATE TABLE "emergency_holiday" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"day" varchar(10) NOT NULL,"name" varchar(50) NOT NULL DEFAULT '',"working" boolean NOT NULL DEFAULT false,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_emergency_holiday_tenant_id" ON "emergency_holiday" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_emergency_holiday_is_deleted" ON "emergency_holiday" ("is_deleted");
CREATE INDEX idx_emg_holiday_day ON emergency_holiday (tenant_id, day);
