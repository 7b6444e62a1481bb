-- API keys of the assistant's OpenAI-compatible endpoint (a tenant admin issues one to a user;
-- only the SHA-256 of the secret is kept). Drafted by genmigrations -next.

-- +goose Up
CREATE TABLE "auth_api_key" ("id" bigint,"create_user" bigint NOT NULL DEFAULT 0,"create_dept" bigint NOT NULL DEFAULT 0,"create_time" timestamptz NOT NULL,"update_user" bigint NOT NULL DEFAULT 0,"update_time" timestamptz NOT NULL,"status" integer NOT NULL DEFAULT 1,"is_deleted" integer NOT NULL DEFAULT 0,"tenant_id" varchar(12) NOT NULL DEFAULT '',"name" varchar(50) NOT NULL,"prefix" varchar(20) NOT NULL,"key_hash" varchar(64) NOT NULL,"user_id" bigint NOT NULL,"account" varchar(100) NOT NULL,"user_name" varchar(100) NOT NULL DEFAULT '',"expire_time" timestamptz NOT NULL,"last_used_time" timestamptz,"create_user_name" varchar(100) NOT NULL DEFAULT '',PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "idx_auth_api_key_user_id" ON "auth_api_key" ("user_id");
CREATE UNIQUE INDEX IF NOT EXISTS "idx_auth_api_key_key_hash" ON "auth_api_key" ("key_hash");
CREATE INDEX IF NOT EXISTS "idx_auth_api_key_tenant_id" ON "auth_api_key" ("tenant_id");
CREATE INDEX IF NOT EXISTS "idx_auth_api_key_is_deleted" ON "auth_api_key" ("is_deleted");
