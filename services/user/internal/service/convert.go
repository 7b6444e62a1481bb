package service

import (
	"strconv"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	pb "anquan/proto/blade/user/v1"
	"anquan/user/internal/biz"
)

// userOut writes a user without its password hash.
func userOut(v *biz.UserView) *pb.User {
	u := &v.User
	return &pb.User{
		Id: u.ID, TenantId: u.TenantID, Code: u.Code, UserType: u.UserType, Account: u.Account,
		Name: u.Name, RealName: u.RealName, NickName: u.NickName, Avatar: u.Avatar, Email: u.Email, Phone: u.Phone,
		Birthday: birthdayOut(u), Sex: u.Sex, RoleId: u.RoleID, DeptId: u.DeptID, PostId: u.PostID,
		RoleName: v.RoleName, DeptName: v.DeptName, PostName: v.PostName, OauthId: u.OAuthID,
		CreateUser: u.CreateUser, CreateDept: u.CreateDept, CreateTime: timefmt.Format(u.CreateTime),
		UpdateUser: u.UpdateUser, UpdateTime: timefmt.Format(u.UpdateTime), Status: u.Status, IsDeleted: u.IsDeleted,
		Locked: v.Locked,
	}
}

func birthdayOut(u *biz.User) string {
	if u.Birthday == nil {
		return ""
	}
	return timefmt.FormatDate(*u.Birthday)
}

// userIn reads a submitted user; password is already in plain text.
func userIn(p *pb.User, password string) (*biz.User, error) {
	u := &biz.User{Code: p.Code, UserType: p.UserType, Account: p.Account, Password: password, Name: p.Name,
		RealName: p.RealName, NickName: p.NickName, Avatar: p.Avatar, Email: p.Email, Phone: p.Phone, Sex: p.Sex,
		RoleID: p.RoleId, DeptID: p.DeptId, PostID: p.PostId}
	u.ID = p.Id
	if b := strings.TrimSpace(p.Birthday); b != "" {
		t, ok := timefmt.Parse(b)
		if !ok {
			return nil, errs.BadRequest("生日格式错误,应为 yyyy-MM-dd")
		}
		u.Birthday = &t
	}
	return u, nil
}

func pageOut(p *paging.Page[biz.UserView]) *pb.UserPage {
	return &pb.UserPage{Records: svc.Map(p.Records, userOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}
}

// credentialOut is what blade-auth needs to log a user in and fill a token.
func credentialOut(u *biz.User) *pb.Credential {
	if u == nil {
		return nil
	}
	return &pb.Credential{Id: u.ID, TenantId: u.TenantID, Account: u.Account, PasswordHash: u.Password, Status: u.Status,
		RoleId: u.RoleID, DeptId: u.DeptID, PostId: u.PostID, Name: u.Name, RealName: u.RealName, NickName: u.NickName,
		Avatar: u.Avatar, OauthId: u.OAuthID}
}

func idString(id int64) string { return strconv.FormatInt(id, 10) }
