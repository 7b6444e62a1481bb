-- Issue 20 (3D map): where a camera sits on the plant map, in the local metres positioning
-- reports people in; NULL = not placed.

-- +goose Up
ALTER TABLE `video_camera` ADD `map_x` double;
ALTER TABLE `video_camera` ADD `map_y` double;
