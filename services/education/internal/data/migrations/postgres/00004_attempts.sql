-- Attempts each person may make in an exam, and each attempt's number (retake of a failed result).
-- Drafted by genmigrations -next.

-- +goose Up
ALTER TABLE "edu_exam" ADD "max_attempts" integer NOT NULL DEFAULT 1;
ALTER TABLE "edu_record" ADD "attempt" integer NOT NULL DEFAULT 1;
ALTER TABLE "edu_record" ADD "max_attempts" integer NOT NULL DEFAULT 1;
