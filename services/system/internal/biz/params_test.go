package biz

import "testing"

func TestSecretParamKeys(t *testing.T) {
	for key, want := range map[string]bool{
		"sms.secret": true, "db.password": true, "account.initPassword": true, "wechat.accessToken": true,
		"prevention.upload.anhui.key": true, "oss.sk": true, "oss.ak": true, "mail.smtpPwd": true, "llm.apiKey": true,
		"web.tokenTime": false, "account.failCount": false, "test.limit": false, "map.keyPoint": false, "desk.skin": false,
	} {
		if got := (&Param{ParamKey: key}).IsSecret(); got != want {
			t.Errorf("%s: secret %v, want %v", key, got, want)
		}
	}
	if !(&Param{ParamKey: "plain", Secret: true}).IsSecret() {
		t.Error("the flag is ignored")
	}
	m := (&Param{ParamKey: "sms.secret", ParamValue: "x"}).Masked()
	if m.ParamValue != SecretMask || !m.Secret {
		t.Errorf("masked: %+v", m)
	}
}
