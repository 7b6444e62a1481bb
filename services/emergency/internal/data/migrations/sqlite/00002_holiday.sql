-- emergency 2: the tenant's working-day calendar (holidays and working weekend days).

-- +goose Up
CREATE TABLE `emergency_holiday` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`day` text NOT NULL,`name` text NOT NULL DEFAULT '',`working` numeric NOT NULL DEFAULT false,PRIMARY KEY (`id`));
CREATE INDEX `idx_emergency_holiday_tenant_id` ON `emergency_holiday`(`tenant_id`);
CREATE INDEX `idx_emergency_holiday_is_deleted` ON `emergency_holiday`(`is_deleted`);
CREATE INDEX idx_emg_holiday_day ON emergency_holiday (tenant_id, day);
