-- Issue 18: a task's points become rows (inspection_task_point) with their inspection status
-- (1-6); a plan names the team its inspections count for. Drafted by genmigrations -next.
-- The existing tasks' comma lists are carried into the table by the Go migration 3.

-- +goose Up
ALTER TABLE `inspection_plan` ADD `dept_id` bigint NOT NULL DEFAULT 0;
CREATE TABLE `inspection_task_point` (`id` bigint,`create_user` bigint NOT NULL DEFAULT 0,`create_dept` bigint NOT NULL DEFAULT 0,`create_time` datetime(3) NOT NULL,`update_user` bigint NOT NULL DEFAULT 0,`update_time` datetime(3) NOT NULL,`status` int NOT NULL DEFAULT 1,`is_deleted` int NOT NULL DEFAULT 0,`tenant_id` varchar(12) NOT NULL DEFAULT '',`task_id` bigint NOT NULL,`plan_id` bigint NOT NULL,`point_id` bigint NOT NULL,`seq` int NOT NULL DEFAULT 0,`dept_id` bigint NOT NULL DEFAULT 0,`inspector_user_id` bigint NOT NULL,`inspector_name` varchar(100) NOT NULL DEFAULT '',`start_at` datetime(3) NOT NULL,`end_at` datetime(3) NOT NULL,`miss_at` datetime(3) NOT NULL,`inspect_status` int NOT NULL DEFAULT 1,`record_id` bigint NOT NULL DEFAULT 0,`inspected_at` datetime(3) NULL,PRIMARY KEY (`id`),INDEX `idx_inspection_task_point_is_deleted` (`is_deleted`),INDEX `idx_inspection_task_point_tenant_id` (`tenant_id`));
CREATE UNIQUE INDEX uk_insp_tp_task_point ON inspection_task_point (tenant_id, task_id, point_id);
CREATE INDEX idx_insp_tp_status_end ON inspection_task_point (tenant_id, inspect_status, end_at);
CREATE INDEX idx_insp_tp_start ON inspection_task_point (tenant_id, start_at, dept_id);
CREATE INDEX idx_insp_tp_inspector ON inspection_task_point (tenant_id, inspector_user_id, start_at);

-- +goose Down
DROP TABLE inspection_task_point;
ALTER TABLE inspection_plan DROP COLUMN dept_id;
