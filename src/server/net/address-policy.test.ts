import { isPublicAddress, refusedAddressReason } from "./address-policy";

describe("refusedAddressReason", () => {
  it.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["100.64.0.1", "shared (CGNAT)"],
    ["100.127.255.254", "shared (CGNAT)"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.169.254", "link-local"],
    ["169.254.0.1", "link-local"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.2.10", "documentation"],
    ["192.88.99.1", "6to4 relay"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
  ])("refuses IPv4 %s (%s)", (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::ffff:127.0.0.1", "IPv4-mapped"],
    ["::ffff:7f00:1", "IPv4-mapped"],
    ["::ffff:169.254.169.254", "IPv4-mapped"],
    ["::ffff:8.8.8.8", "IPv4-mapped"],
    ["::127.0.0.1", "not global unicast"],
    ["64:ff9b::7f00:1", "NAT64"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["fe80::1", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fec0::1", "not global unicast"],
    ["ff02::1", "multicast"],
    ["ff05::1:3", "multicast"],
    ["2001::1", "IETF protocol assignments"],
    ["2001:db8::1", "documentation"],
    ["2002:7f00:1::1", "6to4"],
    ["3fff::1", "documentation"],
    ["fe80::1%eth0", "scoped"],
  ])("refuses IPv6 %s (%s)", (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "1.1.1.1",
    "8.8.8.8",
    "93.184.216.34",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.255.255",
    "192.169.0.1",
    "223.255.255.255",
  ])("lets public IPv4 %s through", (address) => expect(refusedAddressReason(address)).toBeNull());

  it.each([
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001:80b::200e",
    "[2606:4700::1]",
    "2400:cb00::1",
  ])("lets public IPv6 %s through", (address) => expect(refusedAddressReason(address)).toBeNull());

  it.each(["localhost", "example.com", "", "127.1", "0x7f000001", "1.2.3.4.5"])(
    "refuses %j, which is not an IP address",
    (value) => {
      expect(refusedAddressReason(value)).toBe("not an IP address");
    },
  );
});
