-- A zone's time window (准入时段) for its allowed people: weekdays 1-7 and HH:MM from/to; outside it is 串岗.

-- +goose Up
ALTER TABLE `positioning_zone` ADD `allow_weekdays` text NOT NULL DEFAULT '';
ALTER TABLE `positioning_zone` ADD `allow_from` text NOT NULL DEFAULT '';
ALTER TABLE `positioning_zone` ADD `allow_to` text NOT NULL DEFAULT '';
