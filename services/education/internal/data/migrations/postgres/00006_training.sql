-- h-training: courses (edu_course), each person's study of a course credited by verified
-- playback (edu_study), the versions of the tenant's training rules (edu_rule) and training
-- plans (edu_plan).

-- +goose Up
CREATE TABLE "edu_course" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"name" varchar(200) NOT NULL,"category" varchar(100) NOT NULL DEFAULT '',"kind" integer NOT NULL DEFAULT 1,"files" varchar(2000) NOT NULL DEFAULT '',"duration" integer NOT NULL DEFAULT 0,"hours" decimal NOT NULL DEFAULT 0,"pass_percent" integer NOT NULL DEFAULT 90,"remark" varchar(500) NOT NULL DEFAULT '',PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_edu_course_tenant_id" ON "edu_course" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_edu_course_is_deleted" ON "edu_course" ("is_deleted");
CREATE TABLE "edu_study" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"course_id" bigint NOT NULL,"course_name" varchar(200) NOT NULL DEFAULT '',"user_id" bigint NOT NULL,"user_name" varchar(100) NOT NULL DEFAULT '',"token" bigint NOT NULL DEFAULT 0,"position" decimal NOT NULL DEFAULT 0,"furthest" decimal NOT NULL DEFAULT 0,"credited" decimal NOT NULL DEFAULT 0,"playing" boolean NOT NULL DEFAULT false,"last_beat" timestamptz,"beats" integer NOT NULL DEFAULT 0,"refused" integer NOT NULL DEFAULT 0,"completed" boolean NOT NULL DEFAULT false,"completed_at" timestamptz,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_edu_study_tenant_id" ON "edu_study" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_edu_study_is_deleted" ON "edu_study" ("is_deleted");
CREATE TABLE "edu_rule" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"code" varchar(64) NOT NULL,"value" integer NOT NULL,"source" varchar(200) NOT NULL DEFAULT '',"version" integer NOT NULL,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_edu_rule_tenant_id" ON "edu_rule" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_edu_rule_is_deleted" ON "edu_rule" ("is_deleted");
CREATE TABLE "edu_plan" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"name" varchar(200) NOT NULL,"type" integer NOT NULL,"level" integer NOT NULL DEFAULT 0,"start_date" timestamptz NOT NULL,"end_date" timestamptz NOT NULL,"course_ids" varchar(2000) NOT NULL DEFAULT '',"course_names" text NOT NULL,"user_ids" text NOT NULL,"user_names" text NOT NULL,"dept_ids" varchar(2000) NOT NULL DEFAULT '',"hours" decimal NOT NULL DEFAULT 0,"remark" varchar(500) NOT NULL DEFAULT '',PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_edu_plan_tenant_id" ON "edu_plan" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_edu_plan_is_deleted" ON "edu_plan" ("is_deleted");
CREATE INDEX idx_edu_course_list ON edu_course (tenant_id, is_deleted, create_time);
CREATE INDEX idx_edu_course_name ON edu_course (tenant_id, name);
CREATE INDEX idx_edu_course_category ON edu_course (tenant_id, category);
CREATE UNIQUE INDEX uk_edu_study_user_course ON edu_study (tenant_id, user_id, course_id);
CREATE INDEX idx_edu_study_course ON edu_study (tenant_id, course_id);
CREATE INDEX idx_edu_study_beat ON edu_study (tenant_id, user_id, last_beat);
CREATE INDEX idx_edu_plan_list ON edu_plan (tenant_id, is_deleted, start_date);
CREATE INDEX idx_edu_plan_type ON edu_plan (tenant_id, type, level);
CREATE INDEX idx_edu_plan_name ON edu_plan (tenant_id, name);
CREATE INDEX idx_edu_rule_code ON edu_rule (tenant_id, code, version);
