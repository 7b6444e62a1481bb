-- Issue 18: a task's points become rows (inspection_task_point) with their inspection status
-- (1-6); a plan names the team its inspections count for. Drafted by genmigrations -next.
-- The existing tasks' comma lists are carried into the table by the Go migration 3.

-- +goose Up
ALTER TABLE `inspection_plan` ADD `dept_id` integer NOT NULL DEFAULT 0;
CREATE TABLE `inspection_task_point` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`task_id` integer NOT NULL,`plan_id` integer NOT NULL,`point_id` integer NOT NULL,`seq` integer NOT NULL DEFAULT 0,`dept_id` integer NOT NULL DEFAULT 0,`inspector_user_id` integer NOT NULL,`inspector_name` text NOT NULL DEFAULT '',`start_at` datetime NOT NULL,`end_at` datetime NOT NULL,`miss_at` datetime NOT NULL,`inspect_status` integer NOT NULL DEFAULT 1,`record_id` integer NOT NULL DEFAULT 0,`inspected_at` datetime,PRIMARY KEY (`id`));
CREATE INDEX `idx_inspection_task_point_tenant_id` ON `inspection_task_point`(`tenant_id`);
CREATE INDEX `idx_inspection_task_point_is_deleted` ON `inspection_task_point`(`is_deleted`);
CREATE UNIQUE INDEX uk_insp_tp_task_point ON inspection_task_point (tenant_id, task_id, point_id);
CREATE INDEX idx_insp_tp_status_end ON inspection_task_point (tenant_id, inspect_status, end_at);
CREATE INDEX idx_insp_tp_start ON inspection_task_point (tenant_id, start_at, dept_id);
CREATE INDEX idx_insp_tp_inspector ON inspection_task_point (tenant_id, inspector_user_id, start_at);

-- +goose Down
DROP TABLE inspection_task_point;
ALTER TABLE inspection_plan DROP COLUMN dept_id;
