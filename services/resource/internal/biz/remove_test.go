package biz

import (
	"testing"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Who deletes a stored file: its uploader or the tenant administrator.
func TestMayRemoveFileUploaderOrAdministrator(t *testing.T) {
	f := &File{Name: "0123456789abcdef0123456789abcdef.png"}
	f.CreateUser = 7
	system := &File{}
	cases := []struct {
		name string
		f    *File
		id   *ident.Identity
		ok   bool
	}{
		{"uploader", f, &ident.Identity{UserID: 7}, true},
		{"another user", f, &ident.Identity{UserID: 8}, false},
		{"administrator", f, &ident.Identity{UserID: 9, Super: true}, true},
		{"no caller", f, nil, false},
		{"a file no user uploaded, a caller without user id", system, &ident.Identity{}, false},
	}
	for _, c := range cases {
		err := MayRemoveFile(c.f, c.id)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v, want allowed %v", c.name, err, c.ok)
		}
		if err != nil && errs.Message(err) != "只能删除自己上传的文件" {
			t.Errorf("%s: message %q", c.name, errs.Message(err))
		}
	}
}
