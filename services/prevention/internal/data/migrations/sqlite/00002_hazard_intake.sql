-- Hidden dangers raised by other services' events (anquan.<svc>.hazard.raised): the source
-- service and page on the hazard, and the (source, sourceId) pairs already taken.

-- +goose Up
ALTER TABLE `prevention_hazard` ADD `source_svc` text NOT NULL DEFAULT "";
ALTER TABLE `prevention_hazard` ADD `source_link` text NOT NULL DEFAULT "";
CREATE TABLE `prevention_hazard_intake` (`id` integer,`tenant_id` text NOT NULL,`source` text NOT NULL,`source_id` text NOT NULL,`hazard_id` integer NOT NULL,`created_at` datetime NOT NULL,PRIMARY KEY (`id`));
CREATE UNIQUE INDEX uk_pv_intake_source ON prevention_hazard_intake (tenant_id, source, source_id);
