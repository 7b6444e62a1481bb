package biz

import "strings"

// Edits carry whole users, but proto3 cannot tell a field left out from an
// empty one, and Blade's update keeps what a request leaves out. So an edit
// overlays its non-empty fields on the stored user; a partial edit (only
// the avatar, only the name) never wipes the rest.

func overlay(pairs ...[2]*string) {
	for _, p := range pairs {
		if strings.TrimSpace(*p[1]) != "" {
			*p[0] = *p[1]
		}
	}
}

// mergeProfile overlays the fields a user may change on their own profile.
func mergeProfile(dst, src *User) {
	overlay([2]*string{&dst.Name, &src.Name}, [2]*string{&dst.RealName, &src.RealName}, [2]*string{&dst.NickName, &src.NickName},
		[2]*string{&dst.Avatar, &src.Avatar}, [2]*string{&dst.Email, &src.Email}, [2]*string{&dst.Phone, &src.Phone})
	if src.Sex != 0 {
		dst.Sex = src.Sex
	}
	if src.Birthday != nil {
		dst.Birthday = src.Birthday
	}
}

// mergeUser overlays what an administrator's edit may change.
func mergeUser(dst, src *User) {
	mergeProfile(dst, src)
	overlay([2]*string{&dst.Code, &src.Code}, [2]*string{&dst.Account, &src.Account},
		[2]*string{&dst.RoleID, &src.RoleID}, [2]*string{&dst.DeptID, &src.DeptID}, [2]*string{&dst.PostID, &src.PostID})
	if src.UserType != 0 {
		dst.UserType = src.UserType
	}
}
