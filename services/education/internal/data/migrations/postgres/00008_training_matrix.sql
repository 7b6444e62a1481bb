-- h-edu-matrix: the training matrix (edu_post_course: a course required of a post, with the
-- 学时 asked and the months a completion counts) and the shortfall reminders sent
-- (edu_remind_notice: one per person, shortfall and month, by its unique key).

-- +goose Up
CREATE TABLE "edu_post_course" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"post_id" bigint NOT NULL,"course_id" bigint NOT NULL,"hours" decimal NOT NULL DEFAULT 0,"valid_months" integer NOT NULL DEFAULT 0,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_edu_post_course_tenant_id" ON "edu_post_course" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_edu_post_course_is_deleted" ON "edu_post_course" ("is_deleted");
CREATE INDEX idx_edu_post_course ON edu_post_course (tenant_id, post_id, course_id, is_deleted);
CREATE INDEX idx_edu_post_course_course ON edu_post_course (tenant_id, course_id);
CREATE TABLE "edu_remind_notice" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"user_id" bigint NOT NULL,"kind" varchar(16) NOT NULL,"ref_id" bigint NOT NULL,"period" varchar(7) NOT NULL,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_edu_remind_notice_tenant_id" ON "edu_remind_notice" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_edu_remind_notice_is_deleted" ON "edu_remind_notice" ("is_deleted");
CREATE UNIQUE INDEX uk_edu_remind_notice ON edu_remind_notice (tenant_id, user_id, kind, ref_id, period);
