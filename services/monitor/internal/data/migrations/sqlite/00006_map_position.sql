-- Issue 20 (3D map): where a point (gas detector) sits on the plant map, in the local metres
-- positioning reports people in; NULL = not placed.

-- +goose Up
ALTER TABLE `monitor_point` ADD `map_x` real;
ALTER TABLE `monitor_point` ADD `map_y` real;
