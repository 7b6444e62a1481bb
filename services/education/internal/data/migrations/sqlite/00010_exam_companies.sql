-- h-edu: exams scheduled for contractor companies (edu_exam.company_ids: the companies whose
-- workers with a login account joined the roster on save).

-- +goose Up
ALTER TABLE `edu_exam` ADD `company_ids` text NOT NULL DEFAULT '';
