-- Hidden dangers counted by reporter (the points centre): a covering index on the reporter.

-- +goose Up
CREATE INDEX idx_pv_hazard_reporter ON prevention_hazard (tenant_id, is_deleted, report_user_id, danger_state, danger_level);
