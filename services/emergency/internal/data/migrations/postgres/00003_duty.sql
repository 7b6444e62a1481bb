-- emergency 3: on-duty staff: duty rosters of departments and posts, and their people.

-- +goose Up
CREATE TABLE "emergency_duty" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"duty_type" integer NOT NULL DEFAULT 0,"org_id" bigint NOT NULL DEFAULT 0,"org_name" varchar(100) NOT NULL DEFAULT '',"start_date" timestamptz NOT NULL,"end_date" timestamptz NOT NULL,"shift_name" varchar(20) NOT NULL DEFAULT '',"shift_start" varchar(5) NOT NULL,"shift_end" varchar(5) NOT NULL,"leader_user_id" bigint NOT NULL DEFAULT 0,"leader_name" varchar(50) NOT NULL DEFAULT '',"phone" varchar(30) NOT NULL DEFAULT '',"person_names" varchar(1000) NOT NULL DEFAULT '',"remark" varchar(500) NOT NULL DEFAULT '',PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_emergency_duty_tenant_id" ON "emergency_duty" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_emergency_duty_is_deleted" ON "emergency_duty" ("is_deleted");
CREATE TABLE "emergency_duty_person" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"duty_id" bigint NOT NULL,"user_id" bigint NOT NULL,"user_name" varchar(50) NOT NULL DEFAULT '',"phone" varchar(30) NOT NULL DEFAULT '',"leader" boolean NOT NULL DEFAULT false,"start_date" timestamptz NOT NULL,"end_date" timestamptz NOT NULL,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_emergency_duty_person_tenant_id" ON "emergency_duty_person" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_emergency_duty_person_is_deleted" ON "emergency_duty_person" ("is_deleted");
CREATE INDEX idx_emg_duty_start ON emergency_duty (tenant_id, start_date);
CREATE INDEX idx_emg_duty_end ON emergency_duty (tenant_id, end_date);
CREATE INDEX idx_emg_duty_org ON emergency_duty (tenant_id, duty_type, org_name);
CREATE INDEX idx_emg_duty_person_user ON emergency_duty_person (tenant_id, user_id, start_date);
CREATE INDEX idx_emg_duty_person_duty ON emergency_duty_person (tenant_id, duty_id);
