-- Departments and roles whose people joined an exam's roster when it was saved.

-- +goose Up
ALTER TABLE `edu_exam` ADD `dept_ids` varchar(2000) NOT NULL DEFAULT '';
ALTER TABLE `edu_exam` ADD `role_ids` varchar(2000) NOT NULL DEFAULT '';
