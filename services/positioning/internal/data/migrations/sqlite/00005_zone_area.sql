-- A zone may name a factory area: the work area of that area's permits (人证不符, alarm type 6).

-- +goose Up
ALTER TABLE `positioning_zone` ADD `area_id` integer NOT NULL DEFAULT 0;
ALTER TABLE `positioning_zone` ADD `area_name` text NOT NULL DEFAULT '';
