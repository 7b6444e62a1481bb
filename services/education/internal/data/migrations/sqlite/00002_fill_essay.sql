-- Fill-in (blanks with their synonyms, marking policy) and essay (reference answer) questions.
-- Drafted by genmigrations -next.

-- +goose Up
ALTER TABLE `edu_question` ADD `blanks` text NOT NULL DEFAULT '';
ALTER TABLE `edu_question` ADD `policy` integer NOT NULL DEFAULT 0;
ALTER TABLE `edu_question` ADD `reference` text NOT NULL DEFAULT '';
