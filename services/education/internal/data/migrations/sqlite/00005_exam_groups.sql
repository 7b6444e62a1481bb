-- Departments and roles whose people joined an exam's roster when it was saved.

-- +goose Up
ALTER TABLE `edu_exam` ADD `dept_ids` text NOT NULL DEFAULT '';
ALTER TABLE `edu_exam` ADD `role_ids` text NOT NULL DEFAULT '';
