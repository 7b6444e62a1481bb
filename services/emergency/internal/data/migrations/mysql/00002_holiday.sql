-- emergency 2: the tenant's working-day calendar (holidays and working weekend days).

-- +goose Up
CREATE TABLE `emergency_holiday` (`id` bigint,`create_user` bigint NOT NULL DEFAULT 0,`create_dept` bigint NOT NULL DEFAULT 0,`create_time` datetime(3) NOT NULL,`update_user` bigint NOT NULL DEFAULT 0,`update_time` datetime(3) NOT NULL,`status` int NOT NULL DEFAULT 1,`is_deleted` int NOT NULL DEFAULT 0,`tenant_id` varchar(12) NOT NULL DEFAULT '',`day` varchar(10) NOT NULL,`name` varchar(50) NOT NULL DEFAULT '',`working` boolean NOT NULL DEFAULT false,PRIMARY KEY (`id`),INDEX `idx_emergency_holiday_is_deleted` (`is_deleted`),INDEX `idx_emergency_holiday_tenant_id` (`tenant_id`));
CREATE INDEX idx_emg_holiday_day ON emergency_holiday (tenant_id, day);
