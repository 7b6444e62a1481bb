-- Positioning rules (定位规则): the engine thresholds per tenant, versioned (kit/ruletable).

-- +goose Up
CREATE TABLE `positioning_rule` (`id` bigint,`create_user` bigint NOT NULL DEFAULT 0,`create_dept` bigint NOT NULL DEFAULT 0,`create_time` datetime(3) NOT NULL,`update_user` bigint NOT NULL DEFAULT 0,`update_time` datetime(3) NOT NULL,`status` int NOT NULL DEFAULT 1,`is_deleted` int NOT NULL DEFAULT 0,`tenant_id` varchar(12) NOT NULL DEFAULT '',`code` varchar(64) NOT NULL,`value` int NOT NULL,`source` varchar(200) NOT NULL DEFAULT '',`version` int NOT NULL,PRIMARY KEY (`id`),INDEX `idx_positioning_rule_is_deleted` (`is_deleted`),INDEX `idx_positioning_rule_tenant_id` (`tenant_id`));
CREATE INDEX idx_pos_rule_code ON positioning_rule (tenant_id, code, version);
