-- emergency 4: emergency launch: incidents from published plans, their action logs and notified people; team members may name their account.

-- +goose Up
ALTER TABLE "emergency_team_member" ADD "user_id" bigint NOT NULL DEFAULT 0;
CREATE TABLE "emergency_incident" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"plan_id" bigint NOT NULL,"plan_name" varchar(200) NOT NULL DEFAULT '',"team_id" bigint NOT NULL DEFAULT 0,"team_name" varchar(100) NOT NULL DEFAULT '',"level" integer NOT NULL DEFAULT 0,"place" varchar(200) NOT NULL DEFAULT '',"description" varchar(2000) NOT NULL DEFAULT '',"state" integer NOT NULL DEFAULT 1,"start_time" timestamptz NOT NULL,"end_time" timestamptz,"summary" text,"commander_user_id" bigint NOT NULL DEFAULT 0,"commander_name" varchar(50) NOT NULL DEFAULT '',PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_emergency_incident_tenant_id" ON "emergency_incident" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_emergency_incident_is_deleted" ON "emergency_incident" ("is_deleted");
CREATE TABLE "emergency_incident_action" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"incident_id" bigint NOT NULL,"act_time" timestamptz NOT NULL,"user_id" bigint NOT NULL DEFAULT 0,"user_name" varchar(50) NOT NULL DEFAULT '',"content" varchar(1000) NOT NULL,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_emergency_incident_action_tenant_id" ON "emergency_incident_action" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_emergency_incident_action_is_deleted" ON "emergency_incident_action" ("is_deleted");
CREATE TABLE "emergency_incident_notice" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"incident_id" bigint NOT NULL,"user_id" bigint NOT NULL DEFAULT 0,"name" varchar(50) NOT NULL DEFAULT '',"phone" varchar(30) NOT NULL DEFAULT '',"role" varchar(50) NOT NULL DEFAULT '',"channel" integer NOT NULL DEFAULT 1,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_emergency_incident_notice_tenant_id" ON "emergency_incident_notice" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_emergency_incident_notice_is_deleted" ON "emergency_incident_notice" ("is_deleted");
CREATE INDEX idx_emg_incident_start ON emergency_incident (tenant_id, start_time);
CREATE INDEX idx_emg_incident_state ON emergency_incident (tenant_id, state);
CREATE INDEX idx_emg_incident_plan ON emergency_incident (tenant_id, plan_id);
CREATE INDEX idx_emg_incident_action ON emergency_incident_action (tenant_id, incident_id, act_time);
CREATE INDEX idx_emg_incident_notice ON emergency_incident_notice (tenant_id, incident_id);
