// Package perm reads the permission each RPC declares in its proto
// (option (blade.common.v1.perm)), once, from the generated descriptors.
package perm

import (
	"strings"
	"sync"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	commonv1 "anquan/proto/blade/common/v1"
)

// Open marks a method callable without a token.
const Open = "open"

var (
	once  sync.Once
	perms map[string]string
)

func load() {
	perms = map[string]string{}
	protoregistry.GlobalFiles.RangeFiles(func(fd protoreflect.FileDescriptor) bool {
		svcs := fd.Services()
		for i := 0; i < svcs.Len(); i++ {
			sd := svcs.Get(i)
			ms := sd.Methods()
			for j := 0; j < ms.Len(); j++ {
				md := ms.Get(j)
				full := "/" + string(sd.FullName()) + "/" + string(md.Name())
				if opts := md.Options(); opts != nil {
					if v, ok := proto.GetExtension(opts, commonv1.E_Perm).(string); ok {
						perms[full] = v
					}
				}
			}
		}
		return true
	})
}

// Of returns the permission of a full method name ("/pkg.Svc/Method"):
// "" any authenticated caller, "open" anyone, else a comma list of codes of
// which the caller needs one.
func Of(fullMethod string) string {
	once.Do(load)
	return perms[fullMethod]
}

// Codes splits a permission into its codes.
func Codes(p string) []string {
	if p == "" || p == Open {
		return nil
	}
	return strings.Split(p, ",")
}

// Internal reports a service-to-service method (its service name ends in Internal).
func Internal(fullMethod string) bool {
	i := strings.LastIndexByte(fullMethod, '/')
	return i > 0 && strings.HasSuffix(fullMethod[:i], "Internal")
}
