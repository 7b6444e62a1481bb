-- Per-candidate order of an exam's questions and choice options (seeded by exam and person).
-- Drafted by genmigrations -next.

-- +goose Up
ALTER TABLE `edu_exam` ADD `shuffle_questions` boolean NOT NULL DEFAULT false;
ALTER TABLE `edu_exam` ADD `shuffle_options` boolean NOT NULL DEFAULT false;
