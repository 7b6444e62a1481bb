-- Snapshot retention (issue 16): the video rule table (kit/ruletable) with snapshot.retention.days,
-- and the alarm's mark that the sweep deleted its snapshot. Drafted by genmigrations -next.

-- +goose Up
ALTER TABLE "video_alarm" ADD "snapshot_expired" boolean NOT NULL DEFAULT false;
CREATE TABLE "video_rule" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"code" varchar(64) NOT NULL,"value" integer NOT NULL,"source" varchar(200) NOT NULL DEFAULT '',"version" integer NOT NULL,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_video_rule_tenant_id" ON "video_rule" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_video_rule_is_deleted" ON "video_rule" ("is_deleted");
CREATE INDEX idx_video_rule_code ON video_rule (tenant_id, code, version);
