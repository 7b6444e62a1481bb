-- API keys of the assistant's OpenAI-compatible endpoint (a tenant admin issues one to a user;
-- only the SHA-256 of the secret is kept). Drafted by genmigrations -next.

-- +goose Up
CREATE TABLE `auth_api_key` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`name` text NOT NULL,`prefix` text NOT NULL,`key_hash` text NOT NULL,`user_id` integer NOT NULL,`account` text NOT NULL,`user_name` text NOT NULL DEFAULT '',`expire_time` datetime NOT NULL,`last_used_time` datetime,`create_user_name` text NOT NULL DEFAULT '',PRIMARY KEY (`id`));
CREATE INDEX `idx_auth_api_key_user_id` ON `auth_api_key`(`user_id`);
CREATE UNIQUE INDEX `idx_auth_api_key_key_hash` ON `auth_api_key`(`key_hash`);
CREATE INDEX `idx_auth_api_key_tenant_id` ON `auth_api_key`(`tenant_id`);
CREATE INDEX `idx_auth_api_key_is_deleted` ON `auth_api_key`(`is_deleted`);
