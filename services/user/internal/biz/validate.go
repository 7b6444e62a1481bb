package biz

import (
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Patterns of spec section 5 (helper patterns) and of Blade accounts.
var (
	accountPattern = regexp.MustCompile(`^[A-Za-z0-9_.\-]{2,45}$`)
	emailPattern   = regexp.MustCompile(`^[A-Za-z0-9_.\-]+@[A-Za-z0-9_\-]+(\.[A-Za-z0-9_\-]+)*\.[A-Za-z]{2,3}$`)
	mobilePattern  = regexp.MustCompile(`^1\d{10}$`)
)

// Password length bounds (bcrypt reads at most 72 bytes; 32 keeps well under).
const (
	minPassword = 6
	maxPassword = 32
)

// Messages shared by several rules.
const (
	msgDuplicateAccount = "当前账号已被使用!"
	msgAccountLimit     = "当前租户已到最大账号数量"
)

func checkAccount(account string) error {
	if account == "" {
		return errs.BadRequest("请输入账号")
	}
	if !accountPattern.MatchString(account) {
		return errs.BadRequest("账号须为2-45位字母、数字、下划线、中划线或点")
	}
	return nil
}

func checkPassword(plain string) error {
	if plain == "" {
		return errs.BadRequest("请输入密码")
	}
	if n := utf8.RuneCountInString(plain); n < minPassword || n > maxPassword {
		return errs.BadRequest("密码长度须为%d-%d位", minPassword, maxPassword)
	}
	return nil
}

func maxLen(label, v string, n int) error {
	if utf8.RuneCountInString(v) > n {
		return errs.BadRequest("%s不能超过%d个字", label, n)
	}
	return nil
}

// first returns the first error of checks run in order.
func first(checks ...func() error) error {
	for _, c := range checks {
		if err := c(); err != nil {
			return err
		}
	}
	return nil
}

// trimProfile trims the free-text fields a form sends.
func trimProfile(u *User) {
	for _, p := range []*string{&u.Code, &u.Account, &u.Name, &u.RealName, &u.NickName, &u.Avatar, &u.Email, &u.Phone} {
		*p = strings.TrimSpace(*p)
	}
}

// checkProfile validates the fields a user may also change on their own
// profile; 0 for sex means not given (unknown).
func checkProfile(u *User) error {
	trimProfile(u)
	if u.Sex == 0 {
		u.Sex = 3
	}
	return first(
		func() error { return maxLen("姓名", u.Name, 50) },
		func() error { return maxLen("真实姓名", u.RealName, 50) },
		func() error { return maxLen("昵称", u.NickName, 50) },
		func() error { return maxLen("头像地址", u.Avatar, 500) },
		func() error { return maxLen("编号", u.Code, 50) },
		func() error {
			if u.Email != "" && (!emailPattern.MatchString(u.Email) || len(u.Email) > 100) {
				return errs.BadRequest("邮箱格式不正确")
			}
			return nil
		},
		func() error {
			if u.Phone != "" && !mobilePattern.MatchString(u.Phone) {
				return errs.BadRequest("手机号码格式不正确")
			}
			return nil
		},
		func() error {
			if u.Sex < 1 || u.Sex > 3 {
				return errs.BadRequest("性别不正确")
			}
			return nil
		},
		func() error {
			if u.Birthday != nil && u.Birthday.After(time.Now()) {
				return errs.BadRequest("生日不能晚于今天")
			}
			return nil
		},
	)
}

// checkUser validates what an administrator submits; the ids it returns are
// the parsed role, dept and post lists for the existence checks.
func checkUser(u *User) (roles, depts, posts []int64, err error) {
	if err = checkProfile(u); err != nil {
		return
	}
	if err = checkAccount(u.Account); err != nil {
		return
	}
	if u.UserType == 0 {
		u.UserType = TypeInternal
	}
	if u.UserType != TypeInternal && u.UserType != TypeExternal {
		return nil, nil, nil, errs.BadRequest("用户类型不正确")
	}
	if roles, err = parseIDs(u.RoleID, "角色"); err != nil {
		return
	}
	if depts, err = parseIDs(u.DeptID, "部门"); err != nil {
		return
	}
	if posts, err = parseIDs(u.PostID, "岗位"); err != nil {
		return
	}
	// Stored normalised, so the dept filter's list matching is exact.
	u.RoleID, u.DeptID, u.PostID = ident.JoinIDs(roles), ident.JoinIDs(depts), ident.JoinIDs(posts)
	u.MainDeptID = last(depts)
	return roles, depts, posts, nil
}

// parseIDs reads a comma list of ids, without duplicates.
func parseIDs(s, label string) ([]int64, error) {
	ids, ok := ident.ParseIDs(s)
	if !ok {
		return nil, errs.BadRequest("%s参数格式错误", label)
	}
	for _, id := range ids {
		if id <= 0 {
			return nil, errs.BadRequest("%s参数格式错误", label)
		}
	}
	return uniq(ids), nil
}

// uniq drops repeated ids, keeping the first order.
func uniq(ids []int64) []int64 {
	seen := make(map[int64]bool, len(ids))
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func last(ids []int64) int64 {
	if len(ids) == 0 {
		return 0
	}
	return ids[len(ids)-1]
}
