-- The online rate (issue 14): a point's expected sampling interval, a detector gas's molar
-- mass (ppm <-> mg/m3), and the online spans the engine writes when a point goes online or offline.

-- +goose Up
ALTER TABLE "monitor_point" ADD "expect_interval" integer NOT NULL DEFAULT 60;
ALTER TABLE "monitor_point" ADD "molar_mass" decimal;
CREATE TABLE "monitor_online_span" ("id" bigint,"tenant_id" varchar(12) NOT NULL,"point_id" bigint NOT NULL,"start_at" timestamptz NOT NULL,"end_at" timestamptz,PRIMARY KEY ("id"));
CREATE INDEX idx_mon_online_end ON monitor_online_span (tenant_id, end_at);
CREATE INDEX idx_mon_online_point ON monitor_online_span (tenant_id, point_id, start_at);
