package gateway

// The education service's log (questions, papers, exams, attempts and their
// marking) on the audit page: added in a file of its own (h-edu).
func init() {
	auditNames["education"] = "安全教育考试"
	auditOrder = append(auditOrder, "education")
}
