-- h-edu-matrix: the training matrix (edu_post_course: a course required of a post, with the
-- 学时 asked and the months a completion counts) and the shortfall reminders sent
-- (edu_remind_notice: one per person, shortfall and month, by its unique key).

-- +goose Up
CREATE TABLE `edu_post_course` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`post_id` integer NOT NULL,`course_id` integer NOT NULL,`hours` real NOT NULL DEFAULT 0,`valid_months` integer NOT NULL DEFAULT 0,PRIMARY KEY (`id`));
CREATE INDEX `idx_edu_post_course_tenant_id` ON `edu_post_course`(`tenant_id`);
CREATE INDEX `idx_edu_post_course_is_deleted` ON `edu_post_course`(`is_deleted`);
CREATE INDEX idx_edu_post_course ON edu_post_course (tenant_id, post_id, course_id, is_deleted);
CREATE INDEX idx_edu_post_course_course ON edu_post_course (tenant_id, course_id);
CREATE TABLE `edu_remind_notice` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`user_id` integer NOT NULL,`kind` text NOT NULL,`ref_id` integer NOT NULL,`period` text NOT NULL,PRIMARY KEY (`id`));
CREATE INDEX `idx_edu_remind_notice_tenant_id` ON `edu_remind_notice`(`tenant_id`);
CREATE INDEX `idx_edu_remind_notice_is_deleted` ON `edu_remind_notice`(`is_deleted`);
CREATE UNIQUE INDEX uk_edu_remind_notice ON edu_remind_notice (tenant_id, user_id, kind, ref_id, period);
