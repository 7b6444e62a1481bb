-- Per-candidate order of an exam's questions and choice options (seeded by exam and person).
-- Drafted by genmigrations -next.

-- +goose Up
ALTER TABLE `edu_exam` ADD `shuffle_questions` numeric NOT NULL DEFAULT false;
ALTER TABLE `edu_exam` ADD `shuffle_options` numeric NOT NULL DEFAULT false;
