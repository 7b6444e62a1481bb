-- emergency 3: on-duty staff: duty rosters of departments and posts, and their people.

-- +goose Up
CREATE TABLE `emergency_duty` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`duty_type` integer NOT NULL DEFAULT 0,`org_id` integer NOT NULL DEFAULT 0,`org_name` text NOT NULL DEFAULT '',`start_date` datetime NOT NULL,`end_date` datetime NOT NULL,`shift_name` text NOT NULL DEFAULT '',`shift_start` text NOT NULL,`shift_end` text NOT NULL,`leader_user_id` integer NOT NULL DEFAULT 0,`leader_name` text NOT NULL DEFAULT '',`phone` text NOT NULL DEFAULT '',`person_names` text NOT NULL DEFAULT '',`remark` text NOT NULL DEFAULT '',PRIMARY KEY (`id`));
CREATE INDEX `idx_emergency_duty_tenant_id` ON `emergency_duty`(`tenant_id`);
CREATE INDEX `idx_emergency_duty_is_deleted` ON `emergency_duty`(`is_deleted`);
CREATE TABLE `emergency_duty_person` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`duty_id` integer NOT NULL,`user_id` integer NOT NULL,`user_name` text NOT NULL DEFAULT '',`phone` text NOT NULL DEFAULT '',`leader` numeric NOT NULL DEFAULT false,`start_date` datetime NOT NULL,`end_date` datetime NOT NULL,PRIMARY KEY (`id`));
CREATE INDEX `idx_emergency_duty_person_tenant_id` ON `emergency_duty_person`(`tenant_id`);
CREATE INDEX `idx_emergency_duty_person_is_deleted` ON `emergency_duty_person`(`is_deleted`);
CREATE INDEX idx_emg_duty_start ON emergency_duty (tenant_id, start_date);
CREATE INDEX idx_emg_duty_end ON emergency_duty (tenant_id, end_date);
CREATE INDEX idx_emg_duty_org ON emergency_duty (tenant_id, duty_type, org_name);
CREATE INDEX idx_emg_duty_person_user ON emergency_duty_person (tenant_id, user_id, start_date);
CREATE INDEX idx_emg_duty_person_duty ON emergency_duty_person (tenant_id, duty_id);
