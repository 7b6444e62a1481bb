-- The tenant's own documents the assistant quotes (issue 15): the document records and their
-- passages (the per-tenant index is built from them). Drafted by genmigrations -next.

-- +goose Up
CREATE TABLE `aichat_document` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`title` text NOT NULL,`file_name` text NOT NULL DEFAULT '',`original_name` text NOT NULL DEFAULT '',`kind` text NOT NULL,`size` integer NOT NULL DEFAULT 0,`chars` integer NOT NULL DEFAULT 0,`passages` integer NOT NULL DEFAULT 0,`truncated` integer NOT NULL DEFAULT 0,`create_user_name` text NOT NULL DEFAULT '',PRIMARY KEY (`id`));
CREATE INDEX `idx_aichat_document_tenant_id` ON `aichat_document`(`tenant_id`);
CREATE INDEX `idx_aichat_document_is_deleted` ON `aichat_document`(`is_deleted`);
CREATE TABLE `aichat_document_passage` (`id` integer,`create_user` integer NOT NULL DEFAULT 0,`create_dept` integer NOT NULL DEFAULT 0,`create_time` datetime NOT NULL,`update_user` integer NOT NULL DEFAULT 0,`update_time` datetime NOT NULL,`status` integer NOT NULL DEFAULT 1,`is_deleted` integer NOT NULL DEFAULT 0,`tenant_id` text NOT NULL DEFAULT '',`document_id` integer NOT NULL,`seq` integer NOT NULL,`text` text NOT NULL,PRIMARY KEY (`id`));
CREATE INDEX `idx_aichat_document_passage_tenant_id` ON `aichat_document_passage`(`tenant_id`);
CREATE INDEX `idx_aichat_document_passage_is_deleted` ON `aichat_document_passage`(`is_deleted`);
CREATE INDEX idx_aichat_passage_doc ON aichat_document_passage (document_id, seq);
