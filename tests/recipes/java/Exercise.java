// Calls every operation of both address spaces through the two ApiClients the Java recipe generated
// (com.example.vendor.controlplane, com.example.vendor.gateway), each answer decoded into the generated models,
// then one 404 and one 401 decoded into the error shapes. Written into the recipe's project by
// tests/recipes/java-recipe.test.ts as src/main/java/com/example/Exercise.java; requests.json holds each
// operation's request example from the contract. Prints one JSON line per call; the test reads them.
package com.example;

import com.example.vendor.controlplane.api.ControlPlaneApi;
import com.example.vendor.controlplane.model.ChangePasswordRequest;
import com.example.vendor.controlplane.model.ControlPlaneError;
import com.example.vendor.controlplane.model.CreateOrUpdateMcpServerRequest;
import com.example.vendor.controlplane.model.CreateOrUpdateModelVersionRequest;
import com.example.vendor.controlplane.model.CreateSecretGroupRequest;
import com.example.vendor.controlplane.model.GetSignedUrlsRequest;
import com.example.vendor.controlplane.model.MetricScope;
import com.example.vendor.controlplane.model.ModelMetric;
import com.example.vendor.gateway.api.GatewayApi;
import com.example.vendor.gateway.model.GatewayError;
import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class Exercise {
  private static JsonObject requests;

  interface Call<T> {
    T run() throws Exception;
  }

  interface Detail<T> {
    String of(T value);
  }

  public static void main(String[] args) throws Exception {
    requests = JsonParser.parseString(Files.readString(Path.of("requests.json"))).getAsJsonObject();
    String token = System.getenv("VENDOR_API_TOKEN");

    com.example.vendor.controlplane.ApiClient controlPlaneClient = new com.example.vendor.controlplane.ApiClient();
    controlPlaneClient.setBasePath(System.getenv("VENDOR_API_BASE_URL"));
    controlPlaneClient.setBearerToken(token);
    com.example.vendor.gateway.ApiClient gatewayClient = new com.example.vendor.gateway.ApiClient();
    gatewayClient.setBasePath(System.getenv("VENDOR_GATEWAY_BASE_URL"));
    gatewayClient.setBearerToken(token);

    ControlPlaneApi cp = new ControlPlaneApi(controlPlaneClient);
    GatewayApi gw = new GatewayApi(gatewayClient);
    // The generator sends gateway operations to their own servers ({scheme}://{gateway_base_url}): name the host.
    gw.setCustomBaseUrl(System.getenv("VENDOR_GATEWAY_BASE_URL"));

    call("createOrUpdateMcpServer", "controlPlane", () -> cp.createOrUpdateMcpServer(CreateOrUpdateMcpServerRequest.fromJson(body("createOrUpdateMcpServer"))), r -> r.getData().getFqn());
    call("createOrUpdateModelVersion", "controlPlane", () -> cp.createOrUpdateModelVersion(CreateOrUpdateModelVersionRequest.fromJson(body("createOrUpdateModelVersion"))),
        r -> r.getData().getFqn() + ", metric timestamps " + timestamps(r.getData().getMetrics()));
    call("createSecretGroup", "controlPlane", () -> cp.createSecretGroup(CreateSecretGroupRequest.fromJson(body("createSecretGroup"))), r -> r.getData().getFqn());
    call("getArtifactVersionSignedUrls", "controlPlane", () -> cp.getArtifactVersionSignedUrls(GetSignedUrlsRequest.fromJson(body("getArtifactVersionSignedUrls"))), r -> r.getData().size() + " urls");
    call("changePassword", "controlPlane", () -> cp.changePassword(ChangePasswordRequest.fromJson(body("changePassword"))), r -> "");
    call("listAgentSkillVersions", "controlPlane", () -> cp.listAgentSkillVersions(integer("listAgentSkillVersions", "limit"), integer("listAgentSkillVersions", "offset"),
        text("listAgentSkillVersions", "fqn"), text("listAgentSkillVersions", "agent_skill_id"), text("listAgentSkillVersions", "ml_repo_id"),
        text("listAgentSkillVersions", "name"), integer("listAgentSkillVersions", "version")), r -> "total " + r.getPagination().getTotal());
    call("getMetricCharts", "controlPlane", () -> cp.getMetricCharts(path("getMetricCharts", "workspaceId"), text("getMetricCharts", "applicationId"),
        MetricScope.fromValue(text("getMetricCharts", "filterEntity")), whole("getMetricCharts", "startTs"), whole("getMetricCharts", "endTs"), text("getMetricCharts", "filterQuery")),
        r -> r.getGraphs().size() + " graphs");
    call("getVirtualAccount", "controlPlane", () -> cp.getVirtualAccount(path("getVirtualAccount", "id")), r -> r.getData().getId());
    call("terminateJob", "controlPlane", () -> cp.terminateJob(text("terminateJob", "deploymentId"), text("terminateJob", "jobRunName")), r -> r.getMessage());
    call("getAgentSkill", "controlPlane", () -> cp.getAgentSkill(path("getAgentSkill", "agent_skill_id")), r -> r.getData().getFqn());
    call("getArtifactVersion", "controlPlane", () -> cp.getArtifactVersion(path("getArtifactVersion", "id")), r -> r.getData().getFqn());
    call("getMcpServer", "controlPlane", () -> cp.getMcpServer(path("getMcpServer", "id")), r -> r.getData().getFqn());
    call("deleteMlRepo", "controlPlane", () -> cp.deleteMlRepo(path("deleteMlRepo", "id")), r -> "");
    call("getTeam", "controlPlane", () -> cp.getTeam(path("getTeam", "id")), r -> r.getData().getId());

    call("listAgentSessionTurns", "gateway", () -> gw.listAgentSessionTurns(path("listAgentSessionTurns", "tenantName"), path("listAgentSessionTurns", "sessionId"),
        integer("listAgentSessionTurns", "limit"), text("listAgentSessionTurns", "page_token")), r -> r.getData().size() + " turns");
    call("getBatch", "gateway", () -> gw.getBatch(path("getBatch", "id"), text("getBatch", "x-vendor-provider-name"), text("getBatch", "x-vendor-azure-api-version"),
        text("getBatch", "x-vendor-vertex-storage-bucket-name"), text("getBatch", "x-vendor-vertex-region"), text("getBatch", "x-vendor-provider-model"),
        text("getBatch", "x-vendor-aws-s3-bucket"), text("getBatch", "x-vendor-aws-bedrock-model"), text("getBatch", "x-vendor-metadata")), r -> "created_at " + r.getCreatedAt());
    call("listResponseInputItems", "gateway", () -> gw.listResponseInputItems(path("listResponseInputItems", "id"), text("listResponseInputItems", "x-vendor-provider-name"),
        text("listResponseInputItems", "x-vendor-metadata")), r -> r.getData().size() + " items");
    call("getFile", "gateway", () -> getFile(gw), r -> r.getBytes() + " bytes");

    // A 404 asked of the mock with its Prefer header; a 401 for a client without a token.
    com.example.vendor.controlplane.ApiClient prefer404 = new com.example.vendor.controlplane.ApiClient();
    prefer404.setBasePath(System.getenv("VENDOR_API_BASE_URL"));
    prefer404.setBearerToken(token);
    prefer404.addDefaultHeader("Prefer", "code=404");
    try {
      new ControlPlaneApi(prefer404).getTeam(path("getTeam", "id"));
      print("getTeam", "controlPlane", 200, "", "no error");
    } catch (com.example.vendor.controlplane.ApiException e) {
      ControlPlaneError error = ControlPlaneError.fromJson(e.getResponseBody());
      print("getTeam", "controlPlane", e.getCode(), "ControlPlaneError", "statusCode " + error.getStatusCode() + ", message \"" + error.getMessage() + "\"");
    }
    com.example.vendor.gateway.ApiClient noToken = new com.example.vendor.gateway.ApiClient();
    noToken.setBasePath(System.getenv("VENDOR_GATEWAY_BASE_URL"));
    try {
      GatewayApi withoutToken = new GatewayApi(noToken);
      withoutToken.setCustomBaseUrl(System.getenv("VENDOR_GATEWAY_BASE_URL"));
      getFile(withoutToken);
      print("getFile", "gateway", 200, "", "no error");
    } catch (com.example.vendor.gateway.ApiException e) {
      GatewayError error = GatewayError.fromJson(e.getResponseBody());
      print("getFile", "gateway", e.getCode(), "GatewayError", "error.message \"" + error.getError().getMessage() + "\"");
    }
  }

  private static com.example.vendor.gateway.model.FileObject getFile(GatewayApi gw) throws Exception {
    return gw.getFile(path("getFile", "id"), text("getFile", "x-vendor-provider-name"), text("getFile", "x-vendor-vertex-storage-bucket-name"),
        text("getFile", "x-vendor-vertex-region"), text("getFile", "x-vendor-provider-model"), text("getFile", "x-vendor-metadata"));
  }

  private static <T> void call(String operation, String space, Call<T> call, Detail<T> detail) {
    try {
      T answer = call.run();
      // A decoded answer is an instance of a generated model (an empty-object answer decodes to a map).
      String decoded = answer == null ? "" : answer.getClass().getSimpleName();
      print(operation, space, 200, decoded, detail.of(answer));
    } catch (com.example.vendor.controlplane.ApiException e) {
      print(operation, space, e.getCode(), "", "error: " + e.getMessage());
    } catch (com.example.vendor.gateway.ApiException e) {
      print(operation, space, e.getCode(), "", "error: " + e.getMessage());
    } catch (Exception e) {
      print(operation, space, 0, "", "error: " + e);
    }
  }

  private static void print(String operation, String space, int status, String decoded, String detail) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("operation", operation);
    line.put("space", space);
    line.put("status", status);
    line.put("decoded", decoded);
    line.put("detail", detail);
    System.out.println(new Gson().toJson(line));
  }

  private static String timestamps(List<ModelMetric> metrics) {
    List<String> out = new ArrayList<>();
    for (ModelMetric metric : metrics) out.add(new BigDecimal(metric.getTimestamp()).toPlainString());
    return out.toString();
  }

  private static String body(String operation) {
    return requests.getAsJsonObject(operation).get("body").toString();
  }

  private static String path(String operation, String name) {
    JsonElement value = requests.getAsJsonObject(operation).getAsJsonObject("path").get(name);
    if (value == null) throw new IllegalStateException("requests.json: " + operation + " has no path parameter " + name);
    return value.getAsString();
  }

  private static JsonElement query(String operation, String name) {
    return requests.getAsJsonObject(operation).getAsJsonObject("query").get(name);
  }

  private static String text(String operation, String name) {
    JsonElement value = query(operation, name);
    return value == null ? null : value.getAsString();
  }

  private static Integer integer(String operation, String name) {
    JsonElement value = query(operation, name);
    return value == null ? null : value.getAsInt();
  }

  private static Long whole(String operation, String name) {
    JsonElement value = query(operation, name);
    return value == null ? null : value.getAsLong();
  }
}
