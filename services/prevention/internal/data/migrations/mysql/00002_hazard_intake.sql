-- Hidden dangers raised by other services' events (anquan.<svc>.hazard.raised): the source
-- service and page on the hazard, and the (source, sourceId) pairs already taken.

-- +goose Up
ALTER TABLE `prevention_hazard` ADD `source_svc` varchar(40) NOT NULL DEFAULT '';
ALTER TABLE `prevention_hazard` ADD `source_link` varchar(300) NOT NULL DEFAULT '';
CREATE TABLE `prevention_hazard_intake` (`id` bigint,`tenant_id` varchar(12) NOT NULL,`source` varchar(40) NOT NULL,`source_id` varchar(64) NOT NULL,`hazard_id` bigint NOT NULL,`created_at` datetime(3) NOT NULL,PRIMARY KEY (`id`));
CREATE UNIQUE INDEX uk_pv_intake_source ON prevention_hazard_intake (tenant_id, source, source_id);
