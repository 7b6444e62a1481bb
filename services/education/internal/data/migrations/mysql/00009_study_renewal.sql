-- h-edu: renewal of a completed course (edu_study.round_base: verified seconds when the
-- current round began; completions: the earlier completion times, for the person's file).

-- +goose Up
ALTER TABLE `edu_study` ADD `round_base` double NOT NULL DEFAULT 0;
ALTER TABLE `edu_study` ADD `completions` varchar(1000) NOT NULL DEFAULT '';
