// Calls every operation of both address spaces through the clients the Go recipe generated (controlplane/,
// gateway/), each answer decoded into the generated types, then one 404 and one 401 in their error shapes.
// Written into the recipe's module by tests/recipes/go-recipe.test.ts as exercise/main.go; requests.json holds
// each operation's request example from the contract (path, query and header parameters by wire name, body).
// Prints one JSON line per call; the test reads them.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"

	"example.com/partner/controlplane"
	"example.com/partner/gateway"
)

type request struct {
	Path  map[string]string `json:"path"`
	Query json.RawMessage   `json:"query"`
	Body  json.RawMessage   `json:"body"`
}

type line struct {
	Operation string `json:"operation"`
	Space     string `json:"space"`
	Status    int    `json:"status"`
	Decoded   string `json:"decoded"`
	Detail    string `json:"detail,omitempty"`
}

var requests map[string]request

func main() {
	raw, err := os.ReadFile("requests.json")
	must(err)
	must(json.Unmarshal(raw, &requests))
	ctx := context.Background()
	token := withBearer(os.Getenv("VENDOR_API_TOKEN"))
	cp, err := controlplane.NewClientWithResponses(os.Getenv("VENDOR_API_BASE_URL"), controlplane.WithRequestEditorFn(token))
	must(err)
	gw, err := gateway.NewClientWithResponses(os.Getenv("VENDOR_GATEWAY_BASE_URL"), gateway.WithRequestEditorFn(token))
	must(err)
	controlPlaneCalls(ctx, cp)
	gatewayCalls(ctx, gw)
	errorCalls(ctx, cp, gw)
}

func withBearer(token string) func(context.Context, *http.Request) error {
	return func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+token)
		return nil
	}
}

func controlPlaneCalls(ctx context.Context, c *controlplane.ClientWithResponses) {
	var mcp controlplane.CreateOrUpdateMcpServerJSONRequestBody
	body("createOrUpdateMcpServer", &mcp)
	r1, err := c.CreateOrUpdateMcpServerWithResponse(ctx, mcp)
	report("createOrUpdateMcpServer", "controlPlane", r1, err, r1 != nil && r1.JSON200 != nil, "McpServerV2Response", func() string { return r1.JSON200.Data.Fqn })

	var model controlplane.CreateOrUpdateModelVersionJSONRequestBody
	body("createOrUpdateModelVersion", &model)
	r2, err := c.CreateOrUpdateModelVersionWithResponse(ctx, model)
	report("createOrUpdateModelVersion", "controlPlane", r2, err, r2 != nil && r2.JSON200 != nil, "ModelVersionResponse", func() string {
		return fmt.Sprintf("%s, metric timestamps %v", deref(r2.JSON200.Data.Fqn), metricTimestamps(r2.JSON200.Data.Metrics))
	})

	var group controlplane.CreateSecretGroupJSONRequestBody
	body("createSecretGroup", &group)
	r3, err := c.CreateSecretGroupWithResponse(ctx, group)
	report("createSecretGroup", "controlPlane", r3, err, r3 != nil && r3.JSON200 != nil, "SecretGroupResponse", func() string { return deref(r3.JSON200.Data.Fqn) })

	var urls controlplane.GetArtifactVersionSignedUrlsJSONRequestBody
	body("getArtifactVersionSignedUrls", &urls)
	r4, err := c.GetArtifactVersionSignedUrlsWithResponse(ctx, urls)
	report("getArtifactVersionSignedUrls", "controlPlane", r4, err, r4 != nil && r4.JSON200 != nil, "SignedUrlListResponse", func() string { return fmt.Sprintf("%d urls", len(r4.JSON200.Data)) })

	var password controlplane.ChangePasswordJSONRequestBody
	body("changePassword", &password)
	r5, err := c.ChangePasswordWithResponse(ctx, password)
	report("changePassword", "controlPlane", r5, err, r5 != nil && r5.JSON200 != nil, "ChangePasswordResponse", nil)

	var versions controlplane.ListAgentSkillVersionsParams
	query("listAgentSkillVersions", &versions)
	r7, err := c.ListAgentSkillVersionsWithResponse(ctx, &versions)
	report("listAgentSkillVersions", "controlPlane", r7, err, r7 != nil && r7.JSON200 != nil, "AgentSkillVersionList", func() string { return fmt.Sprintf("total %d", r7.JSON200.Pagination.Total) })

	var charts controlplane.GetMetricChartsParams
	query("getMetricCharts", &charts)
	r9, err := c.GetMetricChartsWithResponse(ctx, path("getMetricCharts", "workspaceId"), &charts)
	report("getMetricCharts", "controlPlane", r9, err, r9 != nil && r9.JSON200 != nil, "MetricChartBundle", func() string { return fmt.Sprintf("%d graphs", len(deref(r9.JSON200.Graphs))) })

	r10, err := c.GetVirtualAccountWithResponse(ctx, path("getVirtualAccount", "id"))
	report("getVirtualAccount", "controlPlane", r10, err, r10 != nil && r10.JSON200 != nil, "VirtualAccountResponse", func() string { return deref(r10.JSON200.Data.Id) })

	var terminate controlplane.TerminateJobParams
	query("terminateJob", &terminate)
	r11, err := c.TerminateJobWithResponse(ctx, &terminate)
	report("terminateJob", "controlPlane", r11, err, r11 != nil && r11.JSON200 != nil, "TerminateJobResult", func() string { return r11.JSON200.Message })

	r13, err := c.GetAgentSkillWithResponse(ctx, path("getAgentSkill", "agent_skill_id"))
	report("getAgentSkill", "controlPlane", r13, err, r13 != nil && r13.JSON200 != nil, "AgentSkillResponse", func() string { return deref(r13.JSON200.Data.Fqn) })

	r14, err := c.GetArtifactVersionWithResponse(ctx, path("getArtifactVersion", "id"))
	report("getArtifactVersion", "controlPlane", r14, err, r14 != nil && r14.JSON200 != nil, "ArtifactVersionResponse", func() string { return deref(r14.JSON200.Data.Fqn) })

	r15, err := c.GetMcpServerWithResponse(ctx, path("getMcpServer", "id"))
	report("getMcpServer", "controlPlane", r15, err, r15 != nil && r15.JSON200 != nil, "McpServerResponse", func() string { return deref(r15.JSON200.Data.Fqn) })

	r17, err := c.DeleteMlRepoWithResponse(ctx, path("deleteMlRepo", "id"))
	report("deleteMlRepo", "controlPlane", r17, err, r17 != nil && r17.JSON200 != nil, "EmptyResponse", nil)

	r18, err := c.GetTeamWithResponse(ctx, path("getTeam", "id"))
	report("getTeam", "controlPlane", r18, err, r18 != nil && r18.JSON200 != nil, "TeamResponse", func() string { return deref(r18.JSON200.Data.Id) })
}

func gatewayCalls(ctx context.Context, c *gateway.ClientWithResponses) {
	var turns gateway.ListAgentSessionTurnsParams
	query("listAgentSessionTurns", &turns)
	r6, err := c.ListAgentSessionTurnsWithResponse(ctx, path("listAgentSessionTurns", "tenantName"), path("listAgentSessionTurns", "sessionId"), &turns)
	report("listAgentSessionTurns", "gateway", r6, err, r6 != nil && r6.JSON200 != nil, "AgentTurnList", func() string { return fmt.Sprintf("%d turns", len(r6.JSON200.Data)) })

	var batch gateway.GetBatchParams
	query("getBatch", &batch)
	r8, err := c.GetBatchWithResponse(ctx, path("getBatch", "id"), &batch)
	report("getBatch", "gateway", r8, err, r8 != nil && r8.JSON200 != nil, "Batch", func() string { return fmt.Sprintf("created_at %d", deref(r8.JSON200.CreatedAt)) })

	var items gateway.ListResponseInputItemsParams
	query("listResponseInputItems", &items)
	r12, err := c.ListResponseInputItemsWithResponse(ctx, path("listResponseInputItems", "id"), &items)
	report("listResponseInputItems", "gateway", r12, err, r12 != nil && r12.JSON200 != nil, "ResponseInputItemList", func() string { return fmt.Sprintf("%d items", len(deref(r12.JSON200.Data))) })

	var file gateway.GetFileParams
	query("getFile", &file)
	r16, err := c.GetFileWithResponse(ctx, path("getFile", "id"), &file)
	report("getFile", "gateway", r16, err, r16 != nil && r16.JSON200 != nil, "FileObject", func() string { return fmt.Sprintf("%d bytes", deref(r16.JSON200.Bytes)) })
}

// A 404 asked of the mock with its Prefer header, and a 401 for a call without a token.
func errorCalls(ctx context.Context, cp *controlplane.ClientWithResponses, gw *gateway.ClientWithResponses) {
	prefer404 := func(_ context.Context, req *http.Request) error {
		req.Header.Set("Prefer", "code=404")
		return nil
	}
	r, err := cp.GetTeamWithResponse(ctx, path("getTeam", "id"), prefer404)
	report("getTeam", "controlPlane", r, err, r != nil && r.JSON404 != nil, "ControlPlaneError", func() string {
		return fmt.Sprintf("statusCode %d, message %q", r.JSON404.StatusCode, r.JSON404.Message)
	})

	noToken, err := gateway.NewClientWithResponses(os.Getenv("VENDOR_GATEWAY_BASE_URL"))
	must(err)
	var file gateway.GetFileParams
	query("getFile", &file)
	u, err := noToken.GetFileWithResponse(ctx, path("getFile", "id"), &file)
	report("getFile", "gateway", u, err, u != nil && u.JSON401 != nil, "GatewayError", func() string {
		return fmt.Sprintf("error.message %q", u.JSON401.Error.Message)
	})
}

type answer interface{ StatusCode() int }

// report prints the call's line: its status and whether the body was decoded into the generated type.
func report(operation, space string, reply answer, err error, decoded bool, typeName string, detail func() string) {
	out := line{Operation: operation, Space: space}
	if err != nil {
		out.Detail = "error: " + err.Error()
	} else {
		out.Status = reply.StatusCode()
		if decoded {
			out.Decoded = typeName
			if detail != nil {
				out.Detail = detail()
			}
		}
	}
	text, _ := json.Marshal(out)
	fmt.Println(string(text))
}

// The metrics' millisecond timestamps as whole numbers: a float64 keeps them exact (a float32 would not).
func metricTimestamps(metrics *[]controlplane.ModelMetric) []string {
	var out []string
	for _, metric := range deref(metrics) {
		out = append(out, fmt.Sprintf("%.0f", deref(metric.Timestamp)))
	}
	return out
}

func body(operation string, into any) { must(json.Unmarshal(requests[operation].Body, into)) }

func query(operation string, into any) {
	if len(requests[operation].Query) > 0 {
		must(json.Unmarshal(requests[operation].Query, into))
	}
}

func path(operation, name string) string {
	value, ok := requests[operation].Path[name]
	if !ok {
		panic(fmt.Sprintf("requests.json: %s has no path parameter %s", operation, name))
	}
	return value
}

func deref[T any](value *T) T {
	var zero T
	if value == nil {
		return zero
	}
	return *value
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
