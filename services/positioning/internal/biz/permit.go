package biz

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"time"
)

// 人证不符 (alarm type 6): a zone may name a factory area (Zone.AreaID); it
// is then the work area of the permits (work-ticket service) at that area.
// While at least one permit is in force at the area, a person whose tag is
// bound to a user, who is inside the zone and is on none of those permits
// (operators, electrician, guardian), and who is not on the zone's allowed
// tags (a standing exemption, e.g. safety staff), raises 人证不符 after
// Rules.CertAfter (fix time): once per person and zone while it lasts. It
// clears when the person leaves the zone or the last permit in force there
// ends (or when they are put on one). A tag bound to no user cannot be
// matched to a permit and is not judged.

// Permit is a permit in force at an area and the users on it.
type Permit struct {
	ID       int64
	TicketNo string
	AreaID   int64
	Users    map[int64]bool
}

// PermitSource reads a tenant's permits in force (the work-ticket service).
type PermitSource func(ctx context.Context, tenant string) ([]Permit, error)

// PermitEvery is how often a tenant's permits in force are read again.
const PermitEvery = 30 * time.Second

// PermitRetry is how soon a failed read is tried again.
const PermitRetry = 5 * time.Second

// maxPermitNos bounds the permit numbers an alarm's message names.
const maxPermitNos = 5

// SetPermits replaces a tenant's permits in force; people no longer in
// the wrong (their permit zone has no permit in force any more, or they are
// on one now) are cleared at once, the others judged on their next fix.
func (e *Engine) SetPermits(ctx context.Context, tenant string, ps []Permit) {
	now := e.Now()
	by := map[int64][]Permit{}
	for _, p := range ps {
		if p.AreaID != 0 {
			by[p.AreaID] = append(by[p.AreaID], p)
		}
	}
	for _, l := range by {
		sort.Slice(l, func(i, j int) bool { return l[i].TicketNo < l[j].TicketNo })
	}
	var writes []AlarmWrite
	e.mu.Lock()
	t := e.tenant(tenant)
	t.permits, t.permitsAsked, t.permitsKnown = by, true, true
	for _, st := range t.tags {
		for zid := range st.certSince {
			z := t.zoneByID[zid]
			if z == nil || !st.in[zid] || !mismatch(t, st, z) {
				delete(st.certSince, zid)
				writes = e.cond(t, akey{AlarmCertMismatch, st.conf.ID, zid}, false, now, nil, writes)
			}
		}
	}
	e.wmu.Lock()
	e.mu.Unlock()
	e.write(ctx, tenant, writes)
	e.wmu.Unlock()
}

// mismatch: the tag's person is in z while a permit is in force at its
// area and is neither on one of them nor on the zone's allowed tags.
func mismatch(t *tenantState, st *tagState, z *ZoneConf) bool {
	if z.AreaID == 0 || st.conf.UserID == 0 || z.Allowed[st.conf.ID] {
		return false
	}
	ps := t.permits[z.AreaID]
	if len(ps) == 0 {
		return false
	}
	for _, p := range ps {
		if p.Users[st.conf.UserID] {
			return false
		}
	}
	return true
}

// certRules judges 人证不符 on a tag's fix (at: its time).
func (e *Engine) certRules(t *tenantState, tenant string, st *tagState, at time.Time, w []AlarmWrite) []AlarmWrite {
	if !t.permitsKnown {
		return w
	}
	id := st.conf.ID
	for zid := range st.certSince {
		if z := t.zoneByID[zid]; z == nil || !st.in[zid] || !mismatch(t, st, z) {
			delete(st.certSince, zid)
			w = e.cond(t, akey{AlarmCertMismatch, id, zid}, false, at, nil, w)
		}
	}
	if st.conf.UserID == 0 || len(t.permits) == 0 {
		return w
	}
	after := e.rules(t).CertAfter
	for zid := range st.in {
		z := t.zoneByID[zid]
		if z == nil || !mismatch(t, st, z) {
			continue
		}
		since, ok := st.certSince[zid]
		if !ok {
			since = at
			st.certSince[zid] = at
		}
		ps := t.permits[z.AreaID]
		w = e.cond(t, akey{AlarmCertMismatch, id, zid}, at.Sub(since) >= after, at, func() Alarm {
			a := e.personAlarm(tenant, st, AlarmCertMismatch, 2, certDetail(z.Name, ps, after))()
			a.ZoneID, a.ZoneName, a.ResponsibleUserID = z.ID, z.Name, z.Responsible
			a.ScopeDept, a.ScopeUser = z.CreateDept, z.CreateUser
			return a
		}, w)
	}
	return w
}

// certDetail is the alarm's message: the zone and the permits in force
// there (at most maxPermitNos numbers; the column holds 200 characters).
func certDetail(zone string, ps []Permit, after time.Duration) string {
	nos := make([]string, 0, maxPermitNos)
	for i, p := range ps {
		if i == maxPermitNos {
			break
		}
		nos = append(nos, p.TicketNo)
	}
	list := strings.Join(nos, "、")
	if len(ps) > maxPermitNos {
		list += fmt.Sprintf(" 等 %d 张", len(ps))
	}
	return trimRunes(fmt.Sprintf("在作业区域「%s」停留超过 %d 秒,不是作业中的作业票 %s 的作业人员或监护人", zone, int(after.Seconds()), list), 200)
}

func trimRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// permitTenants are the tenants whose permits to read: those with a zone
// naming an area and a tag that reported within the last PermitEvery*2 (a
// replica holding no positions of a tenant does not read them).
func (e *Engine) permitTenants(now time.Time) (all []string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for name, t := range e.tenants {
		if !t.linked {
			continue
		}
		for _, st := range t.tags {
			if st.has && now.Sub(st.seen) <= 2*PermitEvery {
				all = append(all, name)
				break
			}
		}
	}
	return all
}

// AskPermits asks the permit watch to read a tenant's permits now (its
// zones were loaded or saved with a zone naming an area, or the first fix
// of a tenant whose permits were never read); never blocks (a full queue
// leaves it to the next round).
func (e *Engine) AskPermits(tenant string) {
	select {
	case e.ask <- tenant:
	default:
	}
}

// WatchPermits reads the permits in force of the tenants with positions
// every PermitEvery, and of a tenant asked for (AskPermits) at once, until
// ctx ends. A failed read keeps the last list and is tried again every
// PermitRetry (the work-ticket service may start after positioning);
// failures are logged at most once a minute.
func (e *Engine) WatchPermits(ctx context.Context, src PermitSource) {
	tick := time.NewTicker(PermitEvery)
	defer tick.Stop()
	retry := time.NewTicker(PermitRetry)
	defer retry.Stop()
	failed := map[string]bool{}
	var lastLog time.Time
	read := func(tenant string) {
		c, cancel := context.WithTimeout(ctx, 5*time.Second)
		ps, err := src(c, tenant)
		cancel()
		if err != nil {
			failed[tenant] = true
			if ctx.Err() == nil && time.Since(lastLog) >= time.Minute {
				lastLog = time.Now()
				slog.Warn("positioning: permits in force not read; the last list stays", "tenant", tenant, "err", err)
			}
			return
		}
		delete(failed, tenant)
		e.SetPermits(ctx, tenant, ps)
	}
	for {
		select {
		case <-ctx.Done():
			return
		case tenant := <-e.ask:
			read(tenant)
		case <-retry.C:
			for tenant := range failed {
				read(tenant)
			}
		case <-tick.C:
			for _, tenant := range e.permitTenants(e.Now()) {
				read(tenant)
			}
		}
	}
}
