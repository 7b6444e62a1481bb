-- Issue 18: a task's points become rows (inspection_task_point) with their inspection status
-- (1-6); a plan names the team its inspections count for. Drafted by genmigrations -next.
-- The existing tasks' comma lists are carried into the table by the Go migration 3.

-- +goose Up
ALTER TABLE "inspection_plan" ADD "dept_id" bigint NOT NULL DEFAULT 0;
CREATE TABLE "inspection_task_point" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"task_id" bigint NOT NULL,"plan_id" bigint NOT NULL,"point_id" bigint NOT NULL,"seq" integer NOT NULL DEFAULT 0,"dept_id" bigint NOT NULL DEFAULT 0,"inspector_user_id" bigint NOT NULL,"inspector_name" varchar(100) NOT NULL DEFAULT '',"start_at" timestamptz NOT NULL,"end_at" timestamptz NOT NULL,"miss_at" timestamptz NOT NULL,"inspect_status" integer NOT NULL DEFAULT 1,"record_id" bigint NOT NULL DEFAULT 0,"inspected_at" timestamptz,PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_inspection_task_point_tenant_id" ON "inspection_task_point" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_inspection_task_point_is_deleted" ON "inspection_task_point" ("is_deleted");
CREATE UNIQUE INDEX uk_insp_tp_task_point ON inspection_task_point (tenant_id, task_id, point_id);
CREATE INDEX idx_insp_tp_status_end ON inspection_task_point (tenant_id, inspect_status, end_at);
CREATE INDEX idx_insp_tp_start ON inspection_task_point (tenant_id, start_at, dept_id);
CREATE INDEX idx_insp_tp_inspector ON inspection_task_point (tenant_id, inspector_user_id, start_at);

-- +goose Down
DROP TABLE inspection_task_point;
ALTER TABLE inspection_plan DROP COLUMN dept_id;
