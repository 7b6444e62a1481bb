package ident

import (
	"context"
	"testing"
)

func TestCallerNeedsATenantAndUserAPerson(t *testing.T) {
	bg := context.Background()
	if _, err := Caller(bg); err == nil {
		t.Fatal("no identity was taken")
	}
	if _, err := Caller(With(bg, &Identity{UserID: 1})); err == nil {
		t.Fatal("an identity without a tenant was taken")
	}
	sys := ForTenant(bg, "000001")
	if id, err := Caller(sys); err != nil || id.TenantID != "000001" {
		t.Fatalf("the tenant's system identity: %v %v", id, err)
	}
	if _, err := User(sys); err == nil {
		t.Fatal("User took the system identity (user 0)")
	}
	if _, err := User(With(bg, &Identity{TenantID: "000001", UserID: -1, Guest: true})); err == nil {
		t.Fatal("User took a guest")
	}
	if id, err := User(With(bg, &Identity{TenantID: "000001", UserID: 7})); err != nil || id.UserID != 7 {
		t.Fatalf("a person: %v %v", id, err)
	}
}
