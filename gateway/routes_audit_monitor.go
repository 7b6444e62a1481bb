package gateway

// monitor keeps the audit log of its writes (alarm acknowledgements and
// shelves, configuration changes): listed with the other sources.
func init() {
	auditOrder = append(auditOrder, "monitor")
	auditNames["monitor"] = "实时监测"
}
