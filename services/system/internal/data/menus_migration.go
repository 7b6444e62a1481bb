package data

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"anquan/kit/ident"
	"anquan/kit/migrate"
	"anquan/system/internal/biz"
)

// Pages added to the menu template after tenants were provisioned reach those tenants through a
// Go migration that names their codes (menuMigrations); a new tenant gets them from Provision.
// Each migration is one list, so a release's pages arrive together and a code named twice is
// caught by TestMenuMigrationCodesAreTemplateEntries.
var menuMigrations = []struct {
	Version int64
	Codes   []string
}{
	{5, []string{
		"api_key", "api_key_add", "api_key_delete", // issue 15
		"monitor_alarm_shelve",                                   // issue 14
		"edu_marking", "edu_marking_mark", "edu_question_import", // issue 17
		"change_request", "change_request_add", "change_request_edit", "change_request_delete", "change_request_view", "change_request_export", // issue 19
		"change_request_analyse", "change_request_approve", "change_request_implement", "change_request_accept", "change_request_pssr",
	}},
	{6, []string{
		"monitor_hold", "monitor_hold_add", "monitor_hold_end", "monitor_rule", "monitor_rule_edit", "monitor_analysis", // issue 14
		"equipment_service", "equipment_service_add", "equipment_service_delete", "equipment_service_view", "equipment_service_export", "equipment_service_assign", "equipment_service_repair", "equipment_service_accept",
		"equipment_disabled", "equipment_disabled_add", "equipment_disabled_delete", "equipment_disabled_view", "equipment_disabled_export", "equipment_disabled_approve",
		"equipment_recover", "equipment_recover_add", "equipment_recover_delete", "equipment_recover_view", "equipment_recover_export", "equipment_recover_approve",
		"equipment_scrap", "equipment_scrap_add", "equipment_scrap_delete", "equipment_scrap_view", "equipment_scrap_export", "equipment_scrap_approve",
		"equipment_lockout", "equipment_lockout_add", "equipment_lockout_delete", "equipment_lockout_view", "equipment_lockout_export", "equipment_lockout_verify", "equipment_lockout_request", "equipment_lockout_approve", // issue 18
	}},
	{7, []string{
		"inspection_eq_detection", "inspection_eq_control", "inspection_eq_disabled", "inspection_eq_recover", "inspection_eq_scrap", // issue 18: the spec's equipment routes inside inspection
		"occupational_health", "health_post", "health_post_add", "health_post_edit", "health_post_delete", "health_post_view", "health_detection",
		"health_detection_add", "health_detection_edit", "health_detection_delete", "health_detection_view", "health_detection_publish", "health_assignment",
		"health_assignment_add", "health_assignment_view", "health_assignment_leave", "health_exam", "health_exam_add", "health_exam_edit", "health_exam_delete",
		"health_exam_view", "health_exam_export", "health_diagnosis", "health_diagnosis_view", "health_diagnosis_handle", "health_record", "health_record_view",
		"health_record_export", "health_rule", "health_rule_edit", // issue 19: occupational health
		"chem_ledger", "chem_ledger_add", "chem_ledger_edit", "chem_ledger_delete", "chem_ledger_view", "chem_ledger_export", "rec_enterprise", "rec_enterprise_add",
		"rec_enterprise_edit", "rec_enterprise_delete", "rec_enterprise_view", "rec_enterprise_export", "rec_enterprise_publish", "rec_enterprise_check",
		"rec_enterprise_check_add", "rec_enterprise_check_edit", "rec_enterprise_check_delete", "rec_enterprise_check_view", "rec_enterprise_check_export",
		"rec_enterprise_check_publish", "rec_duty_system", "rec_duty_system_add", "rec_duty_system_edit", "rec_duty_system_delete", "rec_duty_system_view",
		"rec_duty_system_export", "rec_duty_system_publish", "rec_enterprise_system", "rec_enterprise_system_add", "rec_enterprise_system_edit",
		"rec_enterprise_system_delete", "rec_enterprise_system_view", "rec_enterprise_system_export", "rec_enterprise_system_publish", "rec_procedure",
		"rec_procedure_add", "rec_procedure_edit", "rec_procedure_delete", "rec_procedure_view", "rec_procedure_export", "rec_procedure_publish", // issue 19: chemicals and business-process records
	}},
	{8, []string{
		"emergency_incident", "emergency_incident_add", "emergency_incident_edit", "emergency_incident_view", "emergency_incident_close", // issue 19: emergency launch
		"duty_roster", "duty_roster_add", "duty_roster_edit", "duty_roster_delete", "duty_roster_view", "duty_roster_export", "duty_board", // issue 19: on-duty module
		"inspection_stats", "inspection_stats_view", "inspection_stats_export", // issue 18: inspection statistics
		"positioning_rule", "positioning_rule_edit", "positioning_track", // issue 20: rule thresholds and track playback
	}},
	{9, []string{
		"emergency_incident_export", // issue 19: the incidents as xlsx
	}},
	{10, []string{
		"training_planning_add", "training_planning_edit", "training_planning_delete", "training_planning_view", // issue 17: training plans
		"my_course", "edu_course", "edu_course_add", "edu_course_edit", "edu_course_delete", "edu_course_view", "edu_course_rule", // issue 17: courses
		"training_database", "training_database_view", "training_database_export", // issue 17: hour counters and one file per person
		"video_closed", "video_visual", // issue 16: the closed-management screen and the visual platform
		"monitor_screen", "monitor_control_screen", // issue 14: the smart monitoring and smart control screens
	}},
	{11, []string{
		"training_matrix", "training_matrix_view", "training_matrix_edit", "training_matrix_export", "training_matrix_remind", // issue 17: the training matrix
		"monitor_online", "monitor_online_export", // issue 14: the online-rate report
		"aichat_document", "aichat_document_add", "aichat_document_delete", // issue 15: the assistant's library of the tenant's documents
	}},
	{12, []string{
		"video_rule", "video_rule_edit", // issue 16: the video rules (snapshot retention)
	}},
}

// seedTemplateMenus gives every tenant the template entries of codes it lacks, under the entry
// of the parent code it has (a tenant that deleted the module gets nothing), granted to its
// administrator role: the admin decides who else sees a new page. An entry the tenant already
// has (by code, not deleted) is left as it is, so the migration can run again. Only the
// transaction is used: SQLite allows one writer, and a second connection would wait for it.
// Ids come from idgen (the lease of the starting process; `anquan migrate` uses its own node).
func seedTemplateMenus(ctx context.Context, tx *sql.Tx, dialect string, codes []string) error {
	places, err := biz.TemplatePlacements(codes...)
	if err != nil {
		return err
	}
	q := func(s string) string { return migrate.Rebind(dialect, s) }
	rows, err := tx.QueryContext(ctx, q("SELECT tenant_id FROM blade_tenant WHERE is_deleted = 0 ORDER BY tenant_id"))
	if err != nil {
		return err
	}
	var tenants []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			_ = rows.Close()
			return err
		}
		tenants = append(tenants, t)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	now := time.Now().UTC()
	for _, tenant := range tenants {
		var admin int64
		err := tx.QueryRowContext(ctx, q("SELECT id FROM blade_role WHERE tenant_id = ? AND role_alias = ? AND is_deleted = 0 ORDER BY id LIMIT 1"), tenant, ident.AliasAdministrator).Scan(&admin)
		if err != nil && err != sql.ErrNoRows {
			return err
		}
		have, err := menuIDs(ctx, tx, q, tenant)
		if err != nil {
			return err
		}
		for _, p := range places {
			if p.PlatformOnly && tenant != ident.PlatformTenant {
				continue
			}
			if have[p.Row.Code] != 0 {
				continue
			}
			parent := int64(0)
			if p.ParentCode != "" {
				if parent = have[p.ParentCode]; parent == 0 {
					continue
				}
			}
			m := p.Row
			id := biz.NewMenuID()
			have[m.Code] = id // a page added here is the parent of its buttons that follow
			_, err = tx.ExecContext(ctx, q(`INSERT INTO blade_menu (id, create_time, update_time, tenant_id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_used, i18n, keep_alive, is_tab)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
				id, now, now, tenant, parent, m.Code, m.Name, m.Alias, m.Path, m.Source, m.Sort, m.Category, m.Action, m.IsOpen, m.IsUsed, m.I18n, m.KeepAlive, m.IsTab)
			if err != nil {
				return fmt.Errorf("menu %s of tenant %s: %w", m.Code, tenant, err)
			}
			if admin != 0 {
				if _, err := tx.ExecContext(ctx, q("INSERT INTO blade_role_menu (id, tenant_id, role_id, menu_id) VALUES (?, ?, ?, ?)"), biz.NewMenuID(), tenant, admin, id); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// menuIDs are the ids of the tenant's live entries by code, read once per tenant (a tenant has a
// few hundred entries; one query each instead of two per code and tenant). Of two live entries
// with one code the first (lowest id) is kept, as the lookup by code always did.
func menuIDs(ctx context.Context, tx *sql.Tx, q func(string) string, tenant string) (map[string]int64, error) {
	rows, err := tx.QueryContext(ctx, q("SELECT code, id FROM blade_menu WHERE tenant_id = ? AND is_deleted = 0 ORDER BY id"), tenant)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	out := map[string]int64{}
	for rows.Next() {
		var code string
		var id int64
		if err := rows.Scan(&code, &id); err != nil {
			return nil, err
		}
		if _, dup := out[code]; !dup {
			out[code] = id
		}
	}
	return out, rows.Err()
}
