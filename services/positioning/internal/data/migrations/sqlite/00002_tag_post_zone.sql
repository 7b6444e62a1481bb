-- A tag's post zone (岗位区域) for the 脱岗 rule; 0 = no post. Drafted by genmigrations -next.

-- +goose Up
ALTER TABLE `positioning_tag` ADD `post_zone_id` integer NOT NULL DEFAULT 0;
