-- h-edu-matrix: the training matrix (edu_post_course: a course required of a post, with the
-- 学时 asked and the months a completion counts) and the shortfall reminders sent
-- (edu_remind_notice: one per person, shortfall and month, by its unique key).

-- +goose Up
CREATE TABLE `edu_post_course` (`id` bigint,`create_user` bigint NOT NULL DEFAULT 0,`create_dept` bigint NOT NULL DEFAULT 0,`create_time` datetime(3) NOT NULL,`update_user` bigint NOT NULL DEFAULT 0,`update_time` datetime(3) NOT NULL,`status` int NOT NULL DEFAULT 1,`is_deleted` int NOT NULL DEFAULT 0,`tenant_id` varchar(12) NOT NULL DEFAULT '',`post_id` bigint NOT NULL,`course_id` bigint NOT NULL,`hours` double NOT NULL DEFAULT 0,`valid_months` int NOT NULL DEFAULT 0,PRIMARY KEY (`id`),INDEX `idx_edu_post_course_is_deleted` (`is_deleted`),INDEX `idx_edu_post_course_tenant_id` (`tenant_id`));
CREATE INDEX idx_edu_post_course ON edu_post_course (tenant_id, post_id, course_id, is_deleted);
CREATE INDEX idx_edu_post_course_course ON edu_post_course (tenant_id, course_id);
CREATE TABLE `edu_remind_notice` (`id` bigint,`create_user` bigint NOT NULL DEFAULT 0,`create_dept` bigint NOT NULL DEFAULT 0,`create_time` datetime(3) NOT NULL,`update_user` bigint NOT NULL DEFAULT 0,`update_time` datetime(3) NOT NULL,`status` int NOT NULL DEFAULT 1,`is_deleted` int NOT NULL DEFAULT 0,`tenant_id` varchar(12) NOT NULL DEFAULT '',`user_id` bigint NOT NULL,`kind` varchar(16) NOT NULL,`ref_id` bigint NOT NULL,`period` varchar(7) NOT NULL,PRIMARY KEY (`id`),INDEX `idx_edu_remind_notice_is_deleted` (`is_deleted`),INDEX `idx_edu_remind_notice_tenant_id` (`tenant_id`));
CREATE UNIQUE INDEX uk_edu_remind_notice ON edu_remind_notice (tenant_id, user_id, kind, ref_id, period);
