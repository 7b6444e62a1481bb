-- h-hours: study credit per person per course per calendar year (edu_study_year), written by each
-- credited heartbeat alongside edu_study. Studies credited before this migration are carried over
-- whole to the year of their last heartbeat (tenant zone Asia/Shanghai, UTC+8; the row takes the
-- study's id, one row per study, so nothing is counted twice).

-- +goose Up
CREATE TABLE "edu_study_year" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"user_id" bigint NOT NULL,"course_id" bigint NOT NULL,"year" integer NOT NULL,"seconds" decimal NOT NULL DEFAULT 0,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_edu_study_year_tenant_id" ON "edu_study_year" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_edu_study_year_is_deleted" ON "edu_study_year" ("is_deleted");
CREATE UNIQUE INDEX uk_edu_study_year ON edu_study_year (tenant_id, user_id, course_id, year);
CREATE INDEX idx_edu_study_year_year ON edu_study_year (tenant_id, year, user_id);
INSERT INTO edu_study_year (id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted, tenant_id, user_id, course_id, year, seconds) SELECT id, create_user, create_dept, create_time, update_user, update_time, 1, 0, tenant_id, user_id, course_id, CAST(EXTRACT(YEAR FROM (COALESCE(last_beat, update_time) AT TIME ZONE 'Asia/Shanghai')) AS integer), credited FROM edu_study WHERE credited > 0 AND is_deleted = 0;
