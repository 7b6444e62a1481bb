package biz

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"regexp"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/storage"
)

// Snapshots the service draws itself (the simulator's frames) are kept in
// kit/storage under "<tenant>/video/<name>" and served by the gateway at
// SnapshotPath<name> to the tenant's users holding the alarm menu: the
// tenant comes from the caller's token, never from the URL, and the name is
// 128 random bits.
const SnapshotPath = "/api/video-surveillance/snapshot/"

// MaxSnapshot bounds a stored snapshot's size (a frame is tens of KB).
const MaxSnapshot = 2 << 20

var snapshotName = regexp.MustCompile(`^[0-9a-f]{32}\.jpg$`)

// NewSnapshotName is a fresh unguessable snapshot file name.
func NewSnapshotName() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:]) + ".jpg"
}

func snapshotKey(tenant, name string) string { return tenant + "/video/" + name }

func (v *Video) putSnapshot(ctx context.Context, tenant, name string, jpeg []byte) error {
	if len(jpeg) > MaxSnapshot {
		return errs.BadRequest("抓拍图片不能超过 2 MB")
	}
	return v.Snaps.Put(ctx, snapshotKey(tenant, name), bytes.NewReader(jpeg), int64(len(jpeg)), "image/jpeg")
}

// Snapshot reads a stored snapshot of the caller's tenant.
func (v *Video) Snapshot(ctx context.Context, name string) ([]byte, error) {
	who, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	if !snapshotName.MatchString(name) || v.Snaps == nil {
		return nil, errs.NotFound("抓拍图片不存在")
	}
	r, err := v.Snaps.Get(ctx, snapshotKey(who.TenantID, name))
	if errors.Is(err, storage.ErrNotFound) {
		return nil, errs.NotFound("抓拍图片不存在")
	}
	if err != nil {
		return nil, err
	}
	defer func() { _ = r.Close() }()
	return io.ReadAll(io.LimitReader(r, MaxSnapshot))
}

// SeedSnapshots gives the tenant's newest simulated alarms without a
// picture (the demo seed's, and those of a database made before snapshots
// were drawn) a frame of their camera at their time, once: an alarm with a
// snapshot is left alone. draw renders the frame of a camera.
func (v *Video) SeedSnapshots(ctx context.Context, tenant string, draw func(c *Camera, at time.Time) []byte) error {
	if v.Snaps == nil {
		return nil
	}
	ctx = ident.ForTenant(ctx, tenant)
	alarms, err := v.Alarms.List(ctx, paging.Query{}, 50)
	if err != nil {
		return err
	}
	for i := range alarms {
		a := &alarms[i]
		if a.Snapshot != "" || a.Source != "simulator" {
			continue
		}
		cam := &Camera{ChannelCode: a.ChannelCode}
		cam.TenantID = tenant
		name := NewSnapshotName()
		if err := v.putSnapshot(ctx, tenant, name, draw(cam, a.AlarmTime)); err != nil {
			return err
		}
		a.Snapshot = SnapshotPath + name
		if err := v.Alarms.Update(ctx, a.ID, a, "snapshot"); err != nil {
			return err
		}
	}
	return nil
}
