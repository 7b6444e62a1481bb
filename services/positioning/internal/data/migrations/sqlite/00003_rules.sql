-- Positioning rules (定位规则): the engine thresholds per tenant, versioned (kit/ruletable).

-- +goose Up
CREATE TABLE `positioning_rule` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`code` text NOT NULL,`value` integer NOT NULL,`source` text NOT NULL DEFAULT '',`version` integer NOT NULL,PRIMARY KEY (`id`));
CREATE INDEX `idx_positioning_rule_tenant_id` ON `positioning_rule`(`tenant_id`);
CREATE INDEX `idx_positioning_rule_is_deleted` ON `positioning_rule`(`is_deleted`);
CREATE INDEX idx_pos_rule_code ON positioning_rule (tenant_id, code, version);
