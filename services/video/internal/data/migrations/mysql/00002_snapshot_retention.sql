-- Snapshot retention (issue 16): the video rule table (kit/ruletable) with snapshot.retention.days,
-- and the alarm's mark that the sweep deleted its snapshot. Drafted by genmigrations -next.

-- +goose Up
ALTER TABLE `video_alarm` ADD `snapshot_expired` boolean NOT NULL DEFAULT false;
CREATE TABLE `video_rule` (`id` bigint,`create_user` bigint NOT NULL DEFAULT 0,`create_dept` bigint NOT NULL DEFAULT 0,`create_time` datetime(3) NOT NULL,`update_user` bigint NOT NULL DEFAULT 0,`update_time` datetime(3) NOT NULL,`status` int NOT NULL DEFAULT 1,`is_deleted` int NOT NULL DEFAULT 0,`tenant_id` varchar(12) NOT NULL DEFAULT '',`code` varchar(64) NOT NULL,`value` int NOT NULL,`source` varchar(200) NOT NULL DEFAULT '',`version` int NOT NULL,PRIMARY KEY (`id`),INDEX `idx_video_rule_is_deleted` (`is_deleted`),INDEX `idx_video_rule_tenant_id` (`tenant_id`));
CREATE INDEX idx_video_rule_code ON video_rule (tenant_id, code, version);
