package gateway

import (
	"encoding/json"
	"reflect"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	commonv1 "anquan/proto/blade/common/v1"
	deskv1 "anquan/proto/blade/desk/v1"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
	workticketv1 "anquan/proto/blade/workticket/v1"
)

// The direct encoder must say exactly what protojson says.
func TestEncoderMatchesProtojson(t *testing.T) {
	msgs := []proto.Message{
		&systemv1.MenuList{Items: []*systemv1.Menu{{Id: 1123598815738675201, Name: "系统设置 \"quoted\" \\ \n\t", Meta: &systemv1.MenuMeta{Roles: []string{"a", "b"}, I18N: "x", KeepAlive: true},
			Children: []*systemv1.Menu{{Id: 2, Name: "用户管理"}}}, {Id: 3}}},
		&systemv1.DeptNames{Names: map[int64]string{1: "一", 2: "二"}, Descendants: []int64{1, 2}, Parents: map[int64]int64{2: 1}},
		&systemv1.Label{Id: 9, Name: "罐", Longitude: 118.7, Latitude: -32.125, Height: 1e21},
		&userv1.UserPage{Records: []*userv1.User{{Id: 5, Account: "a\u0001b", Status: 1}}, Total: 1, Size: 10, Current: 1, Pages: 1},
		&deskv1.ExpirationReminder{},
		&commonv1.TreeNodes{},
		&systemv1.Menu{},
		&systemv1.RoleSummary{Items: []*systemv1.Role{{Id: 1, Children: []*systemv1.Role{{Id: 2}}}}},
		// proto3 optional: unset is left out, a set 0 is written
		&workticketv1.HotWork{},
		&workticketv1.HotWork{FireLevel: proto.Int32(0)},
	}
	for _, m := range msgs {
		want, err := protojson.MarshalOptions{EmitUnpopulated: true}.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendJSON(nil, m.ProtoReflect())
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		if err := json.Unmarshal(got, &a); err != nil {
			t.Fatalf("%T: invalid JSON %s: %v", m, got, err)
		}
		_ = json.Unmarshal(want, &b)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%T:\n got %s\nwant %s", m, got, want)
		}
	}
	for _, w := range []proto.Message{wrapperspb.Bool(true), wrapperspb.Int32(42), wrapperspb.String("x")} {
		want, _ := protojson.Marshal(w)
		got, _ := appendJSON(nil, w.ProtoReflect())
		if string(got) != string(want) {
			t.Fatalf("%T: got %s want %s", w, got, want)
		}
	}
}

func TestEnvelopeUnwrapsItemLists(t *testing.T) {
	b, err := newBladeJSON().Marshal(&systemv1.DictList{Items: []*systemv1.Dict{{Id: 1, DictKey: "0"}}})
	if err != nil {
		t.Fatal(err)
	}
	var env struct {
		Code    int
		Success bool
		Data    []map[string]any
		Msg     string
	}
	if err := json.Unmarshal(b, &env); err != nil || env.Code != 200 || !env.Success || len(env.Data) != 1 || env.Data[0]["id"] != "1" || env.Msg != "操作成功" {
		t.Fatalf("envelope: %s %v", b, err)
	}
}
