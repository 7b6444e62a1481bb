-- h-training: courses (edu_course), each person's study of a course credited by verified
-- playback (edu_study), the versions of the tenant's training rules (edu_rule) and training
-- plans (edu_plan).

-- +goose Up
CREATE TABLE `edu_course` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`name` text NOT NULL,`category` text NOT NULL DEFAULT '',`kind` integer NOT NULL DEFAULT 1,`files` text NOT NULL DEFAULT '',`duration` integer NOT NULL DEFAULT 0,`hours` real NOT NULL DEFAULT 0,`pass_percent` integer NOT NULL DEFAULT 90,`remark` text NOT NULL DEFAULT '',PRIMARY KEY (`id`));
CREATE INDEX `idx_edu_course_tenant_id` ON `edu_course`(`tenant_id`);
CREATE INDEX `idx_edu_course_is_deleted` ON `edu_course`(`is_deleted`);
CREATE TABLE `edu_study` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`course_id` integer NOT NULL,`course_name` text NOT NULL DEFAULT '',`user_id` integer NOT NULL,`user_name` text NOT NULL DEFAULT '',`token` integer NOT NULL DEFAULT 0,`position` real NOT NULL DEFAULT 0,`furthest` real NOT NULL DEFAULT 0,`credited` real NOT NULL DEFAULT 0,`playing` numeric NOT NULL DEFAULT false,`last_beat` datetime,`beats` integer NOT NULL DEFAULT 0,`refused` integer NOT NULL DEFAULT 0,`completed` numeric NOT NULL DEFAULT false,`completed_at` datetime,PRIMARY KEY (`id`));
CREATE INDEX `idx_edu_study_tenant_id` ON `edu_study`(`tenant_id`);
CREATE INDEX `idx_edu_study_is_deleted` ON `edu_study`(`is_deleted`);
CREATE TABLE `edu_rule` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`code` text NOT NULL,`value` integer NOT NULL,`source` text NOT NULL DEFAULT '',`version` integer NOT NULL,PRIMARY KEY (`id`));
CREATE INDEX `idx_edu_rule_tenant_id` ON `edu_rule`(`tenant_id`);
CREATE INDEX `idx_edu_rule_is_deleted` ON `edu_rule`(`is_deleted`);
CREATE TABLE `edu_plan` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`name` text NOT NULL,`type` integer NOT NULL,`level` integer NOT NULL DEFAULT 0,`start_date` datetime NOT NULL,`end_date` datetime NOT NULL,`course_ids` text NOT NULL DEFAULT '',`course_names` text NOT NULL,`user_ids` text NOT NULL,`user_names` text NOT NULL,`dept_ids` text NOT NULL DEFAULT '',`hours` real NOT NULL DEFAULT 0,`remark` text NOT NULL DEFAULT '',PRIMARY KEY (`id`));
CREATE INDEX `idx_edu_plan_tenant_id` ON `edu_plan`(`tenant_id`);
CREATE INDEX `idx_edu_plan_is_deleted` ON `edu_plan`(`is_deleted`);
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
