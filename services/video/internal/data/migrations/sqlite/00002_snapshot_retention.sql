-- Snapshot retention (issue 16): the video rule table (kit/ruletable) with snapshot.retention.days,
-- and the alarm's mark that the sweep deleted its snapshot. Drafted by genmigrations -next.

-- +goose Up
ALTER TABLE `video_alarm` ADD `snapshot_expired` numeric NOT NULL DEFAULT false;
CREATE TABLE `video_rule` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`code` text NOT NULL,`value` integer NOT NULL,`source` text NOT NULL DEFAULT '',`version` integer NOT NULL,PRIMARY KEY (`id`));
CREATE INDEX `idx_video_rule_tenant_id` ON `video_rule`(`tenant_id`);
CREATE INDEX `idx_video_rule_is_deleted` ON `video_rule`(`is_deleted`);
CREATE INDEX idx_video_rule_code ON video_rule (tenant_id, code, version);
