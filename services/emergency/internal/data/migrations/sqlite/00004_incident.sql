-- emergency 4: emergency launch: incidents from published plans, their action logs and notified people; team members may name their account.

-- +goose Up
ALTER TABLE `emergency_team_member` ADD `user_id` integer NOT NULL DEFAULT 0;
CREATE TABLE `emergency_incident` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`plan_id` integer NOT NULL,`plan_name` text NOT NULL DEFAULT '',`team_id` integer NOT NULL DEFAULT 0,`team_name` text NOT NULL DEFAULT '',`level` integer NOT NULL DEFAULT 0,`place` text NOT NULL DEFAULT '',`description` text NOT NULL DEFAULT '',`state` integer NOT NULL DEFAULT 1,`start_time` datetime NOT NULL,`end_time` datetime,`summary` text,`commander_user_id` integer NOT NULL DEFAULT 0,`commander_name` text NOT NULL DEFAULT '',PRIMARY KEY (`id`));
CREATE INDEX `idx_emergency_incident_tenant_id` ON `emergency_incident`(`tenant_id`);
CREATE INDEX `idx_emergency_incident_is_deleted` ON `emergency_incident`(`is_deleted`);
CREATE TABLE `emergency_incident_action` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`incident_id` integer NOT NULL,`act_time` datetime NOT NULL,`user_id` integer NOT NULL DEFAULT 0,`user_name` text NOT NULL DEFAULT '',`content` text NOT NULL,PRIMARY KEY (`id`));
CREATE INDEX `idx_emergency_incident_action_tenant_id` ON `emergency_incident_action`(`tenant_id`);
CREATE INDEX `idx_emergency_incident_action_is_deleted` ON `emergency_incident_action`(`is_deleted`);
CREATE TABLE `emergency_incident_notice` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`incident_id` integer NOT NULL,`user_id` integer NOT NULL DEFAULT 0,`name` text NOT NULL DEFAULT '',`phone` text NOT NULL DEFAULT '',`role` text NOT NULL DEFAULT '',`channel` integer NOT NULL DEFAULT 1,PRIMARY KEY (`id`));
CREATE INDEX `idx_emergency_incident_notice_tenant_id` ON `emergency_incident_notice`(`tenant_id`);
CREATE INDEX `idx_emergency_incident_notice_is_deleted` ON `emergency_incident_notice`(`is_deleted`);
CREATE INDEX idx_emg_incident_start ON emergency_incident (tenant_id, start_time);
CREATE INDEX idx_emg_incident_state ON emergency_incident (tenant_id, state);
CREATE INDEX idx_emg_incident_plan ON emergency_incident (tenant_id, plan_id);
CREATE INDEX idx_emg_incident_action ON emergency_incident_action (tenant_id, incident_id, act_time);
CREATE INDEX idx_emg_incident_notice ON emergency_incident_notice (tenant_id, incident_id);
